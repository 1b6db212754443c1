/** @jest-environment node */
/**
 * The words /objectives and a server page say an objective's figures in (#48),
 * from the figures /api/v1/objectives.json publishes: worked out by hand, and
 * held by properties (a budget nearly gone never reads as more, an
 * overspent one says so, nothing measured is never "untouched").
 */
import fc from "fast-check";
import {
  attainedWords,
  budgetDayWords,
  budgetWords,
  burnAlert,
  burnWords,
  dayLeftWords,
  figuresOf,
  preciseShare,
  remainingWords,
  targetWords,
  unknownWords,
  type ObjectiveFigures,
} from "../../../src/model/objectives/objectivesPage";
import { objectivesDocument, type ObjectiveResult } from "../../../src/publish/objectivesData";
import { budgetOf, type SlotCount } from "../../../src/domain/objectives/budget";

const ASOF = Date.parse("2028-02-20T00:00:00Z");
const FIVE_MINUTES = 300_000;
const objective = { id: "api", name: "API", servers: ["a", "b"], availability: 99.9, window: "30d" as const };

/** An objective's figures as the page gets them: counted, budgeted, published, its servers counted. */
function figures(slots: SlotCount, burn: ObjectiveResult["burn"] = null, target = objective): ObjectiveFigures {
  const budget = budgetOf(slots, target.servers.length, target.availability / 100, { rolling: 30 }, ASOF, FIVE_MINUTES);
  return figuresOf(
    objectivesDocument([{ objective: target, budget, burn, why: null }], new Date(ASOF), FIVE_MINUTES, new Date()).objectives[0],
  );
}

describe("an objective's words", () => {
  it("30 days of two servers, 12 slots down of 17,000 measured, 280 unknown: every figure, by hand", () => {
    const f = figures({ good: 16_988, bad: 12, unknown: 280, maintenance: 0, expected: 17_280 });
    expect(targetWords(f)).toBe("99.9 % of slots good over the last 30 days");
    expect(targetWords({ ...f, maintenance: "counted" })).toBe("99.9 % of slots good over the last 30 days, maintenance counted as down");
    // 16,988 / 17,000 = 0.999294…: rounded down to 99.929 %
    expect(attainedWords(f)).toBe("99.929 % (16,988 good of 17,000 slots measured)");
    // 0.1 % of 17,000 slots = 17 slots of 5 minutes = 85 min
    expect(budgetWords(f)).toBe("1 h 25 min of server-time (17 slots)");
    // 5 slots left of 17 (25 min): 29.41… % read 29.4 %
    expect(remainingWords(f)).toBe("25 min of server-time (29.4 % left)");
    expect(unknownWords(f)).toBe("1.6 % of the window (280 slots): no check came, counted neither good nor bad");
    expect(f.serverCount).toBe(2);
    expect(f).not.toHaveProperty("servers");
  });

  it("overspent: says by how much and how much of it went; a target of 100 % allows none; before the job ran, why", () => {
    const over = figures({ good: 16_966, bad: 34, unknown: 280, maintenance: 0, expected: 17_280 });
    expect(remainingWords(over)).toBe("overspent by 1 h 25 min of server-time (200.0 % of it spent)");
    const perfect = figures({ good: 100, bad: 0, unknown: 0, maintenance: 0, expected: 100 }, null, { ...objective, availability: 100 });
    expect(budgetWords(perfect)).toBe("none: a target of 100 % allows no bad slot");
    expect(remainingWords(perfect)).toBe("none spent");
    const never = figuresOf(
      objectivesDocument([{ objective, budget: null, burn: null, why: "the check job has not run yet" }], null, null, new Date())
        .objectives[0],
    );
    expect(attainedWords(never)).toBe("the check job has not run yet");
    expect([budgetWords(never), remainingWords(never), unknownWords(never), burnWords(never)]).toEqual(["—", "—", "—", "—"]);
    expect(burnAlert(never)).toBeNull();
  });

  it("a budget of a fraction of a slot: its size in two figures, and under a second said so, never 0 s", () => {
    const one = { ...objective, servers: ["a"] };
    // 0.1 % of one slot of 5 minutes: 0.3 s
    expect(budgetWords(figures({ good: 1, bad: 0, unknown: 0, maintenance: 0, expected: 1 }, null, one))).toBe("under 1 s (0.001 slots)");
    // of ten slots: 3 s
    expect(budgetWords(figures({ good: 10, bad: 0, unknown: 0, maintenance: 0, expected: 10 }, null, one))).toBe("3 s (0.01 slots)");
  });

  it("burn rates and the alert they call for: page at 6× in 30 minutes and 6 hours, ticket at 1× in 6 hours and 3 days", () => {
    const burn = (m30: number, h6: number, d3: number, places?: [number, number]) => ({
      "5m": places ? { good: 10 - places[0], bad: places[0] } : { good: 0, bad: 0 },
      "1h": places ? { good: 1000 - places[1], bad: places[1] } : { good: 0, bad: 0 },
      "30m": { good: 1000 - m30, bad: m30 },
      "6h": { good: 1000 - h6, bad: h6 },
      "3d": { good: 1000 - d3, bad: d3 },
    });
    const slots = { good: 100, bad: 0, unknown: 0, maintenance: 0, expected: 100 };
    // at 99.9 %, one bad check in a thousand burns at 1×
    expect(burnWords(figures(slots, burn(6, 6, 0)))).toBe("30 min 6×, 6 h 6×, 3 d 0×");
    expect(burnAlert(figures(slots, burn(6, 6, 0)))).toBe("page");
    expect(burnAlert(figures(slots, burn(5, 6, 6)))).toBe("ticket");
    expect(burnAlert(figures(slots, burn(9, 1, 0)))).toBeNull();
    expect(burnWords(figures(slots, { ...burn(0, 0, 0), "30m": { good: 0, bad: 0 } }))).toBe("30 min —, 6 h 0×, 3 d 0×");
    // checked from several places: the 5 minutes and the hour too, and their pair pages at 14.4×
    expect(burnWords(figures(slots, burn(0, 0, 0, [1, 15])))).toBe("30 min 0×, 6 h 0×, 3 d 0×, 5 min 100×, 1 h 15×");
    expect(burnAlert(figures(slots, burn(0, 0, 0, [1, 15])))).toBe("page");
    expect(burnAlert(figures(slots, burn(0, 0, 0, [1, 14])))).toBeNull();
  });

  it("a day of the burndown: its slots down and the share left, or that nothing was measured yet", () => {
    expect(budgetDayWords({ date: "2028-02-10", bad: 24, remainingSeconds: 16_956, share: 0.70199 })).toBe(
      "2028-02-10: 24 slots down; 70.1 % of the budget left",
    );
    expect(budgetDayWords({ date: "2028-02-01", bad: 0, remainingSeconds: 0, share: null })).toBe(
      "2028-02-01: no slot down; nothing measured yet",
    );
    expect(dayLeftWords({ date: "2028-02-11", bad: 1, remainingSeconds: -600, share: -0.2 })).toBe("overspent by 10 min");
  });

  it("property: attained never reads above the share measured, nor 100 % with a slot down; what is left never reads as more", () => {
    fc.assert(
      fc.property(fc.nat(20_000), fc.nat(200), (good, bad) => {
        fc.pre(good + bad > 0);
        const f = figures({ good, bad, unknown: 0, maintenance: 0, expected: good + bad });
        const shown = Number(/^([\d.]+) %/.exec(attainedWords(f))![1]) / 100;
        expect(shown).toBeLessThanOrEqual(good / (good + bad) + 1e-12);
        if (bad > 0) expect(preciseShare(good / (good + bad))).not.toBe("100.000 %");
        const left = /\(([-\d.]+) % (left|of it spent)\)/.exec(remainingWords(f));
        if (left && left[2] === "left") expect(Number(left[1]) / 100).toBeLessThanOrEqual(f.budget!.remainingShare! + 1e-9);
        if (f.budget!.remainingSeconds < 0) expect(remainingWords(f)).toMatch(/^overspent by /);
      }),
    );
  });
});
