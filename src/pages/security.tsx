import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Settings } from "lucide";
import { Icon } from "../components/ui/Icon";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { ButtonLink } from "../components/ui/Button";
import { FigureCards } from "../components/ui/FigureCards";
import { PageHeader } from "../components/ui/PageHeader";
import { toSecurityAlerts } from "../model/fleet/graphqlRecords";
import { shownCards } from "../model/fleet/figureCards";
import { SecurityAlerts } from "../features/security/SecurityAlerts";

export default function SecurityPage({ data }: PageProps<Queries.SecurityPageQuery>) {
  const alerts = useMemo(() => toSecurityAlerts(data.allSecurityAlertsJson.nodes), [data]);
  return (
    <>
      <PageHeader
        title="Security Center"
        subtitle="Monitor security threats and manage access controls"
        actions={
          <ButtonLink to="/settings#security" $variant="outline">
            <Icon icon={Settings} size={16} />
            Security Settings
          </ButtonLink>
        }
      />
      <FigureCards cards={shownCards(data.allSecurityCardsJson.nodes, {}, "security-cards.json")} emptyText="No security figures yet." />
      <SecurityAlerts alerts={alerts} />
    </>
  );
}

export const query = graphql`
  query SecurityPage {
    allSecurityCardsJson {
      nodes {
        ...SecurityCardFields
      }
    }
    allSecurityAlertsJson {
      nodes {
        ...SecurityAlertFields
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Security Center" description="Security score, threats and alerts." />;
