import { graphql, type HeadFC, type PageProps } from "gatsby";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { toServers } from "../model/records";
import { useLiveServers } from "../state/LiveServers";
import { ServerManagement } from "../features/servers/ServerManagement";

export default function ServersPage({ data }: PageProps<Queries.ServersPageQuery>) {
  const records = useMemo(() => toServers(data.allServersJson.nodes), [data]);
  const servers = useLiveServers(records);
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
