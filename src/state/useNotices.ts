import { graphql, useStaticQuery } from "gatsby";
import { useMemo } from "react";
import type { Impact, IncidentStatus } from "../model/incidents";
import type { SystemsNotices } from "../model/monitoringStatus";
import {
  noticesAt,
  serversInMaintenance,
  worstImpact,
  type NoticeIncident,
  type NoticesNow,
  type NoticeWindow,
  type ShellNotices,
} from "../model/notices";

type QueryIncident = Queries.NoticeIncidentFieldsFragment;

/** The query's strings as the model's words (the build wrote them from validated content). */
export const toNoticeIncident = (incident: QueryIncident): NoticeIncident => ({
  ...incident,
  impact: incident.impact as Impact,
  status: incident.status as IncidentStatus,
  affected: [...incident.affected],
  updates: incident.updates.map((u) => ({ ...u, status: u.status as IncidentStatus })),
});

export const toNoticeWindow = (window: Queries.NoticeWindowFieldsFragment): NoticeWindow => ({
  ...window,
  affected: [...window.affected],
  message: window.message ?? null,
  schedule: window.schedule ?? null,
});

/** The build's incidents and windows (the StatusNotices node), read by the shell on every page. */
function useShellNotices(): ShellNotices {
  const data = useStaticQuery<Queries.ShellNoticesQuery>(graphql`
    query ShellNotices {
      statusNotices {
        builtAt
        open {
          ...NoticeIncidentFields
        }
        windows {
          ...NoticeWindowFields
        }
      }
    }
  `);
  const notices = data.statusNotices;
  if (!notices) throw new Error("The StatusNotices node is missing: gatsby/sourceChecks.ts makes it at every build");
  return useMemo(
    () => ({
      builtAt: notices.builtAt,
      open: notices.open.map(toNoticeIncident),
      windows: notices.windows.map(toNoticeWindow),
    }),
    [notices],
  );
}

/**
 * The notices at a time: `now` is the browser's clock once the page is live,
 * null in the static HTML and while it hydrates, which then show the state at
 * the build, so the first render matches the HTML.
 */
export function useNoticesNow(now: number | null): NoticesNow & { at: number } {
  const notices = useShellNotices();
  const at = now ?? Date.parse(notices.builtAt);
  return useMemo(() => ({ ...noticesAt(notices, at), at }), [notices, at]);
}

/** What the shell's systems line takes from the notices at a time (null: the build's). */
export function useSystemsNotices(now: number | null): SystemsNotices {
  const { open, inProgress } = useNoticesNow(now);
  return useMemo(
    () => ({ incidents: open.length, worstImpact: worstImpact(open), inMaintenance: serversInMaintenance(inProgress).length }),
    [open, inProgress],
  );
}
