import { Card, CardContent, CardHeader, CardTitle, CardDescription } from "../../components/ui/Card";

/** SPEC §2 /analytics: the detailed view is announced, not faked. */
export function AnalyticsOutlook() {
  return (
    <Card aria-labelledby="analytics-dashboard-title">
      <CardHeader>
        <CardTitle id="analytics-dashboard-title">Analytics Dashboard</CardTitle>
      </CardHeader>
      <CardContent>
        <CardDescription>Detailed analytics features coming soon...</CardDescription>
      </CardContent>
    </Card>
  );
}
