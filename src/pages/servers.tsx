import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { useLiveServers } from "../state/useLiveServers";
import { ServerManagement } from "../features/servers/ServerManagement";

export default function ServersPage({ data }: PageProps<Queries.ServersPageQuery>) {
  const servers = useLiveServers(data.allServersJson.nodes);
  return <ServerManagement servers={servers} />;
}

export const query = graphql`
  query ServersPage {
    allServersJson {
      nodes {
        ...ServerFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Server Management" description="Every server with its status, uptime and response time." />;
