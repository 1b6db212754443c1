/** @jest-environment node */
/**
 * The objectives over a month, for its report (#48): counted from the report's
 * own figures of each server, by hand for a closed February, and a month in
 * progress whose budget counts the slots still to come.
 */
import { monthObjectives } from "../../../src/domain/objectives/monthObjectives";

const FEBRUARY = { start: "2028-02-01T00:00:00.000Z", end: "2028-03-01T00:00:00.000Z", asOf: "2028-03-02T00:00:00.000Z" };
const FIVE_MINUTES = 300_000;
// February 2028: 29 days of 288 slots, 8,352 a server. A: every slot checked, 24 down, 12 in maintenance.
// B: a day without a check (288 slots unknown), all up.
const servers = [
  { server: "a", checks: 8340, up: 8316, maintenanceChecks: 12, covered: 1 },
  { server: "b", checks: 8064, up: 8064, maintenanceChecks: 0, covered: 8064 / 8352 },
  { server: "c", checks: 0, up: 0, maintenanceChecks: 0, covered: null },
];

describe("the objectives over a month", () => {
  it("a closed month: good and bad slots, the unknown ones, met or missed, the month's budget spent", () => {
    const [pair, strict, counted, nobody] = monthObjectives(
      [
        { id: "pair", name: "A and B", servers: ["a", "b"], availability: 99.9, window: "30d" },
        { id: "strict", name: "A at 99.99", servers: ["a"], availability: 99.99, window: "7d" },
        { id: "counted", name: "A, maintenance down", servers: ["a"], availability: 99, window: "month", maintenance: "counted" },
        { id: "nobody", name: "C", servers: ["c", "gone"], availability: 99, window: "month" },
      ],
      servers,
      FEBRUARY,
      FIVE_MINUTES,
    );
    expect(pair).toMatchObject({ servers: 2, slots: { good: 16380, bad: 24, unknown: 288, maintenance: 12 }, met: false });
    expect(pair.attained).toBeCloseTo(16380 / 16404, 12);
    // 99.854 % of 99.9 %: missed; 0.1 % of 16,404 measured slots is 16.404 slots (82 min), 24 spent
    expect(pair.budget!.slots).toBeCloseTo(16.404, 6);
    expect(pair.budget!.remainingSlots).toBeCloseTo(16.404 - 24, 6);
    expect(pair.budget!.seconds).toBeCloseTo(16.404 * 300, 4);
    expect(strict).toMatchObject({ met: false, slots: { good: 8316, bad: 24, unknown: 0 } });
    expect(counted).toMatchObject({ maintenance: "counted", slots: { good: 8316, bad: 36 }, met: true });
    expect(counted.attained).toBeCloseTo(8316 / 8352, 12);
    expect(nobody).toMatchObject({ servers: 1, attained: null, met: null, slots: { good: 0, bad: 0, unknown: 0 } });
    expect(nobody.budget!.remainingShare).toBeNull();
  });

  it("a month in progress counts the slots to come in its budget; without the job's interval, no budget", () => {
    const march = { start: "2028-03-01T00:00:00.000Z", end: "2028-04-01T00:00:00.000Z", asOf: "2028-03-11T00:00:00.000Z" };
    const [o] = monthObjectives(
      [{ id: "o", name: "O", servers: ["a"], availability: 99, window: "30d" }],
      [{ server: "a", checks: 2880, up: 2880, maintenanceChecks: 0, covered: 1 }],
      march,
      FIVE_MINUTES,
    );
    // 1 % of 2,880 measured and 21 days (6,048 slots) to come
    expect(o.budget!.slots).toBeCloseTo(89.28, 6);
    expect(
      monthObjectives([{ id: "o", name: "O", servers: ["a"], availability: 99, window: "30d" }], [], march, null)[0].budget,
    ).toBeNull();
  });
});
