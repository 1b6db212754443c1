import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { useLiveFleet } from "../state/useLiveFleet";
import { ServerManagement } from "../features/servers/ServerManagement";

export default function ServersPage({ data }: PageProps<Queries.ServersPageQuery>) {
  const fleet = useLiveFleet(data.fleet);
  return <ServerManagement fleet={fleet} />;
}

// A large fleet's page carries its first page of servers (SERVERS_PAGE_SIZE) and its figures.
export const query = graphql`
  query ServersPage {
    fleet {
      ...FleetFields
      servers(limit: 24) {
        ...ServerFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Server Management" description="Every server with its status, uptime and response time." />;
