import { useMemo } from "react";
import { withPrefix, type HeadProps, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { serverApiPath, serverFeedPaths } from "../domain/kernel/paths";
import type { ServerPageData } from "../model/server/serverPage";
import { unpackHistory } from "../model/server/pageHistory";
import { ServerStory } from "../features/server/ServerStory";
import { SvgWorldMap } from "../features/map/SvgWorldMap";
import { useLiveServer } from "../state/useLiveServer";

/** /servers/<id>: one server's page, made by gatsby/pages/serverPages.ts with every figure in its context. */
export default function ServerPage({ pageContext }: PageProps<object, ServerPageData>) {
  const { check, places, held, alerts, badge, charts, notices, objectives, pings, ask } = pageContext;
  // Packed as tables in the page data (#45); unpacked once a page.
  const history = useMemo(() => (pageContext.history ? unpackHistory(pageContext.history) : null), [pageContext.history]);
  // Now: the live figures once the page has them (simulated or from the feed, as on the other pages); the build's until then.
  const { server, live } = useLiveServer(pageContext.server);
  return (
    <ServerStory
      server={server}
      live={live}
      check={check}
      places={places}
      held={held}
      history={history}
      alerts={alerts}
      badge={badge}
      charts={charts}
      notices={notices}
      objectives={objectives}
      pings={pings}
      ask={ask}
      apiHref={withPrefix(serverApiPath(server.id))}
      badgeSrc={withPrefix(`/badges/${server.id}.svg`)}
      place={<SvgWorldMap servers={[server]} selectedId={server.id} />}
    />
  );
}

export const Head = ({ pageContext }: HeadProps<object, ServerPageData>) => (
  <Seo
    title={pageContext.server.name}
    description={`${pageContext.server.name} (${pageContext.server.location}): its state, uptime history, response times and alerts.`}
    feeds={{ title: `${pageContext.server.name}: alerts, incidents and maintenance`, ...serverFeedPaths(pageContext.server.id) }}
  />
);
