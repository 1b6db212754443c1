import { graphql, useStaticQuery } from "gatsby";
import { useMemo } from "react";
import { publishedNotices, type PublishedNotices } from "../publish/publishedNotices";
import type { Impact, IncidentStatus } from "../domain/incidents/incidents";
import type { SystemsNotices } from "../model/shell/statusLine";
import {
  noticesAt,
  serversInMaintenance,
  worstImpact,
  type NoticeIncident,
  type NoticesNow,
  type NoticeWindow,
  type ShellNotices,
} from "../domain/incidents/statusNotices";
import { useLiveServerStore } from "./LiveServers";
import { useNoticesFeed } from "./useFeed";

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

/** The build's incidents and windows (the StatusNotices node). */
function useBuildNotices(): ShellNotices {
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
  if (!notices) throw new Error("The StatusNotices node is missing: gatsby/nodes/statusNotices.ts makes it at every build");
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
 * The incidents and windows of /api/v1/incidents.json fetched in this visit
 * (by a page that follows the feed), when they are newer than the build's;
 * null otherwise. Servers are named as the build named them, or as the live
 * servers do; one neither knows keeps its id.
 */
export function useFetchedNotices(build: Pick<ShellNotices, "builtAt" | "open" | "windows">): PublishedNotices | null {
  const { document } = useNoticesFeed();
  const live = useLiveServerStore();
  return useMemo(() => {
    if (document === null || Date.parse(document.generatedAt) < Date.parse(build.builtAt)) return null;
    const names = new Map<string, string>();
    for (const server of live.getSnapshot() ?? []) names.set(server.id, server.name);
    for (const notice of [...build.open, ...build.windows]) for (const server of notice.affected) names.set(server.id, server.name);
    return publishedNotices(document, names);
  }, [document, build, live]);
}

/** What the shell shows on every page: the newest incidents and windows this visit knows, the build's until a fetch brings newer. */
function useShellNotices(): ShellNotices {
  const build = useBuildNotices();
  const fetched = useFetchedNotices(build);
  return useMemo(() => (fetched ? { builtAt: build.builtAt, open: fetched.open, windows: fetched.windows } : build), [fetched, build]);
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
