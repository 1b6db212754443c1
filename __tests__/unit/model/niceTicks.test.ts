/** @jest-environment node */
import { niceTicks } from "../../../src/model/charts/niceTicks";

describe("niceTicks", () => {
  it.each([
    [45, 99.9, [40, 50, 60, 70, 80, 90, 100]],
    [0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [120, 480, [100, 200, 300, 400, 500]],
    [0, 100, [0, 20, 40, 60, 80, 100]],
  ])("from %p to %p: %j", (min, max, ticks) => {
    expect(niceTicks(min, max)).toEqual(ticks);
  });

  it("spreads a single value, and survives no values", () => {
    expect(niceTicks(50, 50)).toEqual([44, 46, 48, 50, 52, 54, 56]);
    expect(niceTicks(Infinity, -Infinity)).toEqual([0, 1]);
  });
});
