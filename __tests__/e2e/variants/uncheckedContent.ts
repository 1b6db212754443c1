import fs from "node:fs";
import path from "node:path";
import { runChecks } from "../../../monitor/run/runChecks";

type Rec = Record<string, unknown>;

/** When the job's last run of this content ran: the tests set the page's clock from it. */
export const UNCHECKED_LAST_RUN = Date.parse("2026-11-20T12:00:00Z");

/**
 * A site where the job lost track of a server (#44): US-East-1 and EU-West-1
 * have checks, and six runs of the real job, five minutes apart on a faked
 * clock, measure them; from the third run, EU-West-1's check never finishes
 * (the job's own failure: no result). By the last run its newest result is 20
 * minutes old, past three intervals: "not checked", never its last state.
 *
 * And one cause for two falls (#47): AP-South-1 (a root) and US-West-2, which
 * depends on it, answer until the fifth run, then neither does: one alert,
 * AP-South-1's, naming US-West-2, which is "unreachable because AP-South-1 is down".
 * The editors leave such checks out of the reports' availability
 * (monitoring.json's reports.causedDowntime).
 */
export async function prepareUncheckedContent(variantDir: string): Promise<void> {
  const contentDir = path.join(variantDir, "content");
  const file = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(file, "utf8")) as Rec[];
  const checked = new Map([
    ["srv-us-east-1", "http://192.0.2.1/health"],
    ["srv-eu-west-1", "http://192.0.2.2/lost"],
    ["srv-ap-south-1", "http://192.0.2.3/core"],
    ["srv-us-west-2", "http://192.0.2.4/app"],
  ]);
  const dependsOn = new Map([["srv-us-west-2", ["srv-ap-south-1"]]]);
  fs.writeFileSync(
    file,
    JSON.stringify(
      servers.map((s) =>
        checked.has(String(s.id))
          ? {
              ...s,
              check: { url: checked.get(String(s.id)) },
              ...(dependsOn.has(String(s.id)) ? { dependsOn: dependsOn.get(String(s.id)) } : {}),
            }
          : s,
      ),
      null,
      2,
    ),
  );
  fs.writeFileSync(path.join(contentDir, "monitoring.json"), JSON.stringify({ reports: { causedDowntime: "excluded" } }, null, 2));
  for (let i = 0; i < 6; i += 1) {
    const report = await runChecks({
      contentDir,
      log: () => undefined,
      warn: () => undefined,
      retryPauseMs: 0,
      now: () => new Date(UNCHECKED_LAST_RUN - (5 - i) * 300_000),
      probe: async (target) => {
        if (target.kind === "http" && target.url.pathname === "/lost" && i >= 2) throw new Error("the job lost track of the check");
        if (target.kind === "http" && ["/core", "/app"].includes(target.url.pathname) && i >= 4)
          return { kind: "failed", reason: "timeout" };
        return { kind: "answered", ms: 21, httpStatus: 200 };
      },
    });
    if (report.refused) throw new Error(report.refused);
  }
}
