import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { IncidentsStory } from "../features/incidents/IncidentsStory";
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
  // Newer incidents fetched in this visit (by a page that follows the feed) replace the build's, as in the shell's banner.
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
