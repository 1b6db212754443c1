import { alertTime } from "../../domain/checks/alerts";
import { When } from "./TimeZone";

/** When an alert (or any event) happened: in UTC in the static HTML, in the reader's zone (or UTC, as Settings say) once live. */
export function AlertTime({ timestamp }: { timestamp: string }) {
  const at = alertTime(timestamp);
  if (!at) return <>{timestamp}</>;
  return <When at={at} />;
}
