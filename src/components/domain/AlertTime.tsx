import { alertTime } from "../../domain/checks/alerts";
import { formatDateTime, formatUtcDateTime } from "../../domain/kernel/format";
import { useHydrated } from "../ui/useHydrated";

/** When an alert happened, in the reader's local time once the page is live (in UTC in the static HTML). */
export function AlertTime({ timestamp }: { timestamp: string }) {
  const hydrated = useHydrated();
  const at = alertTime(timestamp);
  if (!at) return <>{timestamp}</>;
  return <time dateTime={at.toISOString()}>{hydrated ? formatDateTime(at) : formatUtcDateTime(at)}</time>;
}
