import { CardDescription, SectionCard } from "../../components/ui/Card";

/** SPEC §2 /analytics: the detailed view is announced, not faked. */
export function AnalyticsOutlook() {
  return (
    <SectionCard title="Analytics Dashboard">
      <CardDescription>Detailed analytics features coming soon...</CardDescription>
    </SectionCard>
  );
}
