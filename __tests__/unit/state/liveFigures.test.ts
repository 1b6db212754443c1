import { liveFigures } from "../../../src/state/liveFigures";
import { fleetFigures } from "../../../src/model/fleet/summary";
import { makeServer } from "../fixtures";

describe("liveFigures", () => {
  it("works a snapshot's figures out once, however many parts of the page ask", () => {
    const snapshot = [makeServer({ status: "online" }), makeServer({ status: "offline" })];
    const first = liveFigures(snapshot);
    expect(first).toEqual(fleetFigures(snapshot));
    expect(liveFigures(snapshot)).toBe(first);
  });

  it("a new snapshot (the next tick) gets its own figures", () => {
    const before = [makeServer({ status: "online" })];
    const after = [{ ...before[0], status: "offline" }];
    expect(liveFigures(before).counts.online).toBe(1);
    expect(liveFigures(after).counts).toEqual({ online: 0, warning: 0, offline: 1, unchecked: 0, other: 0 });
  });
});
