import { IMPACT_LABELS } from "../../domain/incidents/statusNotices";
import type { Impact } from "../../domain/incidents/incidents";
import { Badge, type BadgeVariant } from "../ui/Badge";

const VARIANT: Record<Impact, BadgeVariant> = { none: "outline", minor: "secondary", major: "destructive", critical: "destructive" };

/** An incident's impact as a badge: 'Major impact' in the destructive look, 'Minor impact' in the secondary one. */
export function ImpactBadge({ impact }: { impact: Impact }) {
  return <Badge variant={VARIANT[impact]}>{IMPACT_LABELS[impact]}</Badge>;
}
