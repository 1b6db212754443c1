import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { IncidentsStory } from "../features/incidents/IncidentsStory";
import { useFollowIncidents } from "../state/useFeed";
import { toNoticeIncident, toNoticeWindow, useFetchedNotices } from "../state/useNotices";

export default function IncidentsPage({ data }: PageProps<Queries.IncidentsPageQuery>) {
  const notices = data.statusNotices;
  const props = useMemo(
    () => ({
      builtAt: notices?.builtAt ?? new Date(0).toISOString(),
      open: (notices?.open ?? []).map(toNoticeIncident),
      history: (notices?.history ?? []).map(toNoticeIncident),
      windows: (notices?.windows ?? []).map(toNoticeWindow),
    }),
    [notices],
  );
  // This page follows the site's incidents.json as the feed's pages do (when the site has a feed); newer ones replace the build's.
  useFollowIncidents();
  const fetched = useFetchedNotices(props);
  return fetched ? (
    <IncidentsStory {...props} open={fetched.open} history={fetched.history} windows={fetched.windows} />
  ) : (
    <IncidentsStory {...props} />
  );
}

export const query = graphql`
  query IncidentsPage {
    statusNotices {
      builtAt
      open {
        ...NoticeIncidentFields
      }
      history {
        ...NoticeIncidentFields
      }
      windows {
        ...NoticeWindowFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Incidents" description="Open incidents, scheduled maintenance and the last 90 days." />;
