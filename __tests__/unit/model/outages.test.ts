/** @jest-environment node */
import fc from "fast-check";
import { emptyHistory, recordRun } from "../../../src/domain/checks/history";
import { outagesOf, readOutages, updateOutages } from "../../../src/domain/checks/outages";
import { rollUpAll } from "../../../src/domain/checks/rollups";
import type { MeasuredStatus } from "../../../src/domain/checks/outcome";

const T0 = Date.UTC(2026, 9, 1);
const RUN = 5 * 60_000;
const at = (run: number) => T0 + run * RUN;

describe("a server's outages (#33)", () => {
  it("run from the run that confirmed it down to the run that found it back; one still down has no end", () => {
    const runs = [false, true, true, false, false, true].map((down, i) => ({ at: at(i), down }));
    expect(outagesOf(runs)).toEqual([
      { from: at(1), to: at(3) },
      { from: at(5), to: null },
    ]);
    expect(outagesOf([])).toEqual([]);
  });

  it("an outage that began before the raw runs keeps its start; older ones stay as they were; those past 400 days go", () => {
    const stored = [
      { from: at(-5000), to: at(-4990) },
      { from: at(-100), to: at(-90) },
      { from: at(-20), to: null },
    ];
    const runs = [true, true, false].map((down, i) => ({ at: at(i), down }));
    expect(updateOutages(stored, runs, at(-4000))).toEqual([
      { from: at(-100), to: at(-90) },
      { from: at(-20), to: at(2) },
    ]);
    // down before a stretch of two days without runs, up at the first run after it: it ended by then
    expect(updateOutages([{ from: at(-900), to: null }], [{ at: at(0), down: false }], at(-4000))).toEqual([{ from: at(-900), to: at(0) }]);
    expect(readOutages([["2026-10-01T00:00:00.000Z", null]])).toEqual([{ from: T0, to: null }]);
  });

  it("property: worked out run by run as the job does, over a 48-hour window, they are the outages of all the runs at once", () => {
    // A server's confirmed state over some days, in spells; some runs never come (gaps).
    const spell = fc.record({
      down: fc.boolean(),
      runs: fc.integer({ min: 1, max: 80 }),
      // now and then more than the 576 runs of the raw window
      missing: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 570, max: 700 })),
    });
    fc.assert(
      fc.property(fc.array(spell, { minLength: 1, maxLength: 10 }), (spells) => {
        let history = emptyHistory();
        let rollups = rollUpAll(new Map(), history);
        const all: Array<{ at: number; down: boolean }> = [];
        let run = 0;
        for (const s of spells) {
          for (let i = 0; i < s.runs; i += 1, run += 1) {
            const status: MeasuredStatus = s.down ? "offline" : "online";
            history = recordRun(history, new Date(at(run)), [{ server: "a", status, responseTime: s.down ? null : 40 }]);
            rollups = rollUpAll(rollups, history);
            all.push({ at: at(run), down: s.down });
          }
          run += s.missing;
        }
        expect(readOutages(rollups.get("a")!.outages)).toEqual(outagesOf(all));
      }),
      { numRuns: 20 },
    );
  });
});
