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

  it("an editor's own end, or updates newer than the job's end, are theirs: nothing is added out of order, nothing brought back", () => {
    const closed = { ...draft, updates: [draft.updates[0], { at: "2026-11-29T10:35:00.000Z", status: "resolved", message: "Fixed." }] };
    expect(draftOver(closed, draft).updates).toEqual(closed.updates);
    const reworded = {
      ...draft,
      updates: [
        { at: "2026-11-29T10:00:00.000Z", status: "identified", message: "A switch failed." },
        { at: "2026-11-29T10:50:00.000Z", status: "monitoring", message: "Replaced." },
      ],
    };
    // the job's end (10:40) is older than the editor's newest update: not added; "investigating" is not brought back
    expect(draftOver(reworded, draft).updates).toEqual(reworded.updates);
    const earlier = { ...reworded, updates: [reworded.updates[0]] };
    expect(draftOver(earlier, draft).updates).toEqual([reworded.updates[0], draft.updates[1]]);
  });

  it("property: whatever is on the branch, its servers and updates are kept in their order, the draft's servers added, and times never go back", () => {
    const record = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.record({
        affected: fc.array(fc.string()),
        updates: fc.array(
          fc.record({
            status: fc.constantFrom("investigating", "identified", "monitoring", "resolved"),
            at: fc
              .date({ min: new Date("2026-11-29T09:00:00Z"), max: new Date("2026-11-29T12:00:00Z"), noInvalidDate: true })
              .map((d) => d.toISOString()),
            message: fc.string(),
          }),
        ),
        title: fc.string(),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(record, (onBranch) => {
        const out = draftOver(onBranch, draft);
        for (const server of draft.affected) expect(out.affected).toContain(server);
        const kept = onBranch as Partial<Incident> | null;
        if (kept && typeof kept === "object" && Array.isArray(kept.affected) && Array.isArray(kept.updates)) {
          expect(out.updates.slice(0, kept.updates.length)).toEqual(kept.updates);
          for (const server of kept.affected) expect(out.affected).toContain(server);
          // at most the end is added, after everything there
          expect(out.updates.length - kept.updates.length).toBeLessThanOrEqual(1);
          if (out.updates.length > kept.updates.length) {
            const times = kept.updates.map((u) => Date.parse((u as { at: string }).at));
            expect(times.every((t) => t < Date.parse(out.updates.at(-1)!.at))).toBe(true);
            expect(out.updates.at(-1)!.status).toBe("resolved");
          }
        } else expect(out).toBe(draft);
      }),
    );
  });
});
