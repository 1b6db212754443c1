import { statusLabel, statusTone } from "../../domain/kernel/status";
import { Badge, type BadgeVariant } from "../ui/Badge";

const VARIANT: Record<ReturnType<typeof statusTone>, BadgeVariant> = {
  online: "default",
  warning: "secondary",
  offline: "destructive",
  neutral: "outline",
};

/** A server's status as a badge: 'Online', 'Warning', 'Offline'; any other status looks neutral. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANT[statusTone(status)]}>{statusLabel(status)}</Badge>;
}
