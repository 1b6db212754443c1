import { formatClock, formatUtcClock, parseTime } from "../../domain/kernel/format";
import { useHydrated } from "../ui/useHydrated";

/**
 * When a server's figures were taken, in the reader's local time (SPEC §4). The
 * static HTML cannot know the reader's zone, so it says the time in UTC until
 * the page is live.
 */
export function CheckedTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = parseTime(iso);
  if (!date) return <>{iso}</>;
  return <time dateTime={date.toISOString()}>{hydrated ? formatClock(date) : formatUtcClock(date)}</time>;
}
