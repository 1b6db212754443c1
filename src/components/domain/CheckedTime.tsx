import { parseTime } from "../../domain/kernel/format";
import { When } from "./TimeZone";

/**
 * When a server's figures were taken, as a time of day (SPEC §4: the local
 * time): in UTC in the static HTML, which cannot know the reader's zone, then in
 * the reader's zone (or UTC, as Settings say); its title gives the date and the other form.
 */
export function CheckedTime({ iso }: { iso: string }) {
  const date = parseTime(iso);
  if (!date) return <>{iso}</>;
  return <When at={date} seconds date={false} />;
}
