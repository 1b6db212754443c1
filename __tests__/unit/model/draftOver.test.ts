/** @jest-environment node */
import fc from "fast-check";
import { draftOver } from "../../../src/domain/incidents/drafts";
import type { Incident } from "../../../src/domain/incidents/incidents";

const draft: Incident = {
  id: "draft-switch-20261129T100000Z",
  title: "Switch is down, and 2 servers behind it",
  impact: "major",
  affected: ["switch", "app-1", "app-2"],
  updates: [
    { at: "2026-11-29T10:00:00.000Z", status: "investigating", message: "Switch has been down since …" },
    { at: "2026-11-29T10:40:00.000Z", status: "resolved", message: "Switch answers again since …" },
  ],
};

describe("a draft written again over an editor's changes (#47, the editorial workflow)", () => {
  it("keeps the editor's words and impact, adds the servers and the updates of a status it lacks (its end)", () => {
    const edited = {
      ...draft,
      title: "Core network outage",
      impact: "critical",
      affected: ["switch", "app-1"],
      updates: [{ ...draft.updates[0], message: "We are looking into it." }],
    };
    expect(draftOver(edited, draft)).toEqual({
      ...edited,
      affected: ["switch", "app-1", "app-2"],
      updates: [{ ...draft.updates[0], message: "We are looking into it." }, draft.updates[1]],
    });
  });

  it("an editor's update of a status the job would add is theirs: not added twice", () => {
    const closed = { ...draft, updates: [draft.updates[0], { at: "2026-11-29T10:35:00.000Z", status: "resolved", message: "Fixed." }] };
    expect(draftOver(closed, draft).updates).toEqual(closed.updates);
  });

  it("property: whatever is on the branch, the result keeps every server and update there, and never loses the draft's servers or statuses", () => {
    const record = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.record({
        affected: fc.array(fc.string()),
        updates: fc.array(
          fc.record({ status: fc.constantFrom("investigating", "identified", "resolved"), at: fc.string(), message: fc.string() }),
        ),
        title: fc.string(),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(record, (onBranch) => {
        const out = draftOver(onBranch, draft);
        for (const server of draft.affected) expect(out.affected).toContain(server);
        for (const status of draft.updates.map((u) => u.status)) expect(out.updates.map((u) => u.status)).toContain(status);
        const kept = onBranch as Partial<Incident> | null;
        if (kept && typeof kept === "object" && Array.isArray(kept.affected) && Array.isArray(kept.updates)) {
          expect(out.updates.slice(0, kept.updates.length)).toEqual(kept.updates);
          for (const server of kept.affected) expect(out.affected).toContain(server);
        } else expect(out).toBe(draft);
      }),
    );
  });
});
