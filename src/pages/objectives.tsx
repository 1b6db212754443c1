import type { HeadFC, PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { ObjectivesView } from "../features/objectives/ObjectivesView";
import type { ObjectivesContext } from "../model/objectives/objectivesPage";

export default function ObjectivesPage({ pageContext }: PageProps<object, Partial<ObjectivesContext>>) {
  return (
    <>
      <PageHeader title="Objectives" subtitle="What was promised, what was attained, and how much error budget is left" />
      <ObjectivesView asOf={pageContext.asOf ?? null} objectives={pageContext.objectives ?? []} />
    </>
  );
}

export const Head: HeadFC = () => (
  <Seo title="Objectives" description="Service level objectives: targets, attained availability, error budgets and burn rates." />
);
