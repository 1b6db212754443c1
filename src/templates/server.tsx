import { withPrefix, type HeadProps, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { serverApiPath, type ServerPageContext } from "../model/serverPage";
import { ServerStory } from "../features/server/ServerStory";
import { SvgWorldMap } from "../features/map/SvgWorldMap";

/** /servers/<id>: one server's page, made by gatsby/serverPages.ts with every figure in its context. */
export default function ServerPage({ pageContext }: PageProps<object, ServerPageContext>) {
  const { server, check, history, alerts, badge } = pageContext;
  return (
    <ServerStory
      server={server}
      check={check}
      history={history}
      alerts={alerts}
      badge={badge}
      apiHref={withPrefix(serverApiPath(server.id))}
      badgeSrc={withPrefix(`/badges/${server.id}.svg`)}
      place={<SvgWorldMap servers={[server]} selectedId={server.id} />}
    />
  );
}

export const Head = ({ pageContext }: HeadProps<object, ServerPageContext>) => (
  <Seo
    title={pageContext.server.name}
    description={`${pageContext.server.name} (${pageContext.server.location}): its state, uptime history, response times and alerts.`}
  />
);
