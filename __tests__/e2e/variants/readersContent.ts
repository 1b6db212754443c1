import fs from "node:fs";
import path from "node:path";
import { runChecks } from "../../../monitor/run/runChecks";

type Rec = Record<string, unknown>;

/** When the job's last run of this content ran: the tests set the page's clock from it. */
export const READERS_LAST_RUN = Date.parse("2026-11-20T12:00:00Z");

/**
 * The servers a reader asks "Is it me?" of (#50), at fixed ports on 127.0.0.1
 * that the browser test makes answer, refuse or hang. The job's last word on
 * each (a run with a probe of the test's): the one that answers and the one
 * that hangs are up for the site's checks, the one that refuses is down.
 */
export const READERS_SERVERS = {
  answers: { id: "srv-asks-answers", name: "Answers-Here", port: 9471, ours: "online" },
  refuses: { id: "srv-asks-refuses", name: "Refuses-Here", port: 9472, ours: "offline" },
  hangs: { id: "srv-asks-hangs", name: "Hangs-Here", port: 9473, ours: "online" },
} as const;

export async function prepareReadersContent(variantDir: string): Promise<void> {
  const contentDir = path.join(variantDir, "content");
  const file = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(file, "utf8")) as Rec[];
  const template = servers[0];
  for (const [i, s] of Object.values(READERS_SERVERS).entries()) {
    servers.push({
      ...template,
      id: s.id,
      name: s.name,
      ip: "127.0.0.1",
      location: "Lisbon, Portugal",
      coordinates: [-9.14 + i, 38.72],
      check: { url: `http://127.0.0.1:${s.port}/health?token=never-published` },
    });
  }
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  const byPort = new Map(Object.values(READERS_SERVERS).map((s) => [String(s.port), s.ours]));
  await runChecks({
    contentDir,
    log: () => undefined,
    warn: () => undefined,
    retryPauseMs: 0,
    now: () => new Date(READERS_LAST_RUN),
    probe: async (target) => {
      const port = target.kind === "http" ? target.url.port : "";
      return byPort.get(port) === "offline" ? { kind: "failed", reason: "refused" } : { kind: "answered", ms: 12, httpStatus: 200 };
    },
  });
}
