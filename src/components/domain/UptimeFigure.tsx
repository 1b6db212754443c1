import { checksSince, uptimeCoverage } from "../../domain/checks/uptime";
import type { Server } from "../../domain/kernel/types";
import { When } from "./TimeZone";

/**
 * A server's uptime, and what it covers while that is less than a day of checks:
 * '100.0% · 3 checks since 14:05 GMT+1'. The time is the reader's once the page is
 * live; the static HTML, which cannot know the reader's zone, says it in UTC.
 */
export function UptimeFigure({ server }: { server: Pick<Server, "uptime" | "source" | "lastChecked" | "uptimeChecks"> }) {
  const coverage = uptimeCoverage(server);
  if (!coverage) return <>{server.uptime}</>;
  const { checks, since } = coverage;
  return (
    <>
      {server.uptime} · {checksSince(checks, null)}
      {since ? (
        <>
          {" since "}
          <When at={since} date={false} />
        </>
      ) : null}
    </>
  );
}
