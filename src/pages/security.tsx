import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Icon } from "../components/ui/Icon";
import { useMemo } from "react";
import { Seo } from "../components/layout/Seo";
import { ButtonLink } from "../components/ui/Button";
import { FigureCards } from "../components/ui/FigureCards";
import { PageHeader } from "../components/ui/PageHeader";
import { toSecurityAlerts } from "../model/fleet/graphqlRecords";
import { shownCards } from "../model/fleet/figureCards";
import { securityFigures, type SecurityContext } from "../model/security/securityPage";
import { SecurityBody } from "../features/security/SecurityBody";

export default function SecurityPage({ data, pageContext }: PageProps<Queries.SecurityPageQuery, Partial<SecurityContext>>) {
  const alerts = useMemo(() => toSecurityAlerts(data.allSecurityAlertsJson.nodes), [data]);
  const scan = pageContext.securityScan ?? null;
  const cards = shownCards(data.allSecurityCardsJson.nodes, securityFigures({ securityScan: scan }), "security-cards.json");
  return (
    <>
      <PageHeader
        title="Security Center"
        subtitle="Monitor security threats and manage access controls"
        actions={
          <ButtonLink to="/settings#security" $variant="outline">
            <Icon name="settings" size={16} />
            Security Settings
          </ButtonLink>
        }
      />
      <FigureCards cards={cards} emptyText="No security figures yet." />
      <SecurityBody alerts={alerts} scan={scan} />
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
