/** @jest-environment node */
import fc from "fast-check";
import { checkPeriodForm, defaultPeriod, periodLimits, type PeriodForm } from "../../../src/model/reports/periodForm";

const ASOF = "2028-03-02T10:15:00.000Z";
const form = (over: Partial<PeriodForm> = {}): PeriodForm => ({ from: "2028-02-10", to: "2028-02-14", which: "all", chosen: [], ...over });

describe("Generate Report's period (#33)", () => {
  it("a period of whole UTC days: from its first day's start to the moment after its last", () => {
    expect(checkPeriodForm(form(), ASOF)).toEqual({ ok: true, from: Date.UTC(2028, 1, 10), to: Date.UTC(2028, 1, 15) });
    // the leap day is a day; one day alone is a period
    expect(checkPeriodForm(form({ from: "2028-02-29", to: "2028-02-29" }), ASOF)).toEqual({
      ok: true,
      from: Date.UTC(2028, 1, 29),
      to: Date.UTC(2028, 2, 1),
    });
  });

  it("starts as the newest run's month so far, and reaches back 400 days", () => {
    expect(defaultPeriod(ASOF)).toEqual({ from: "2028-03-01", to: "2028-03-02" });
    expect(periodLimits(ASOF)).toEqual({ first: "2027-01-28", last: "2028-03-02" });
  });

  it("says beside each field what is wrong, and makes nothing", () => {
    expect(checkPeriodForm(form({ from: "2027-02-30" }), ASOF)).toEqual({
      ok: false,
      problems: { from: "Enter the first day as a date, such as 2026-11-01." },
    });
    expect(checkPeriodForm(form({ from: "2027-01-27" }), ASOF)).toEqual({
      ok: false,
      problems: { from: "The history goes back to 2027-01-28: start on that day or later." },
    });
    expect(checkPeriodForm(form({ to: "2028-03-03" }), ASOF)).toEqual({
      ok: false,
      problems: { to: "The newest check is of 2028-03-02: end on that day or earlier." },
    });
    expect(checkPeriodForm(form({ from: "2028-02-14", to: "2028-02-10" }), ASOF)).toEqual({
      ok: false,
      problems: { to: "The last day cannot come before the first." },
    });
    expect(checkPeriodForm(form({ which: "chosen" }), ASOF)).toEqual({
      ok: false,
      problems: { servers: "Choose at least one server, or report on all of them." },
    });
    expect(checkPeriodForm(form({ which: "chosen", chosen: ["a"] }), ASOF).ok).toBe(true);
  });

  it("any text: never throws, and an accepted period is whole days inside the history, first before last", () => {
    const { first, last } = periodLimits(ASOF);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        ),
        fc.string(),
        (from, to) => {
          const checked = checkPeriodForm(form({ from, to }), ASOF);
          if (!checked.ok) return;
          expect(checked.from % 86_400_000).toBe(0);
          expect(checked.to % 86_400_000).toBe(0);
          expect(checked.from).toBeLessThan(checked.to);
          expect(checked.from).toBeGreaterThanOrEqual(Date.parse(`${first}T00:00:00Z`));
          expect(checked.to).toBeLessThanOrEqual(Date.parse(`${last}T00:00:00Z`) + 86_400_000);
        },
      ),
    );
  });
});
