import { createContext, useContext, type ReactNode } from "react";
import { formatWhen, readerZone, type TimeZoneMode } from "../../domain/kernel/format";
import { useHydrated } from "../ui/useHydrated";

/** The reader's choice (Settings → General → Times in UTC), given by the layout, which reads the settings. */
const TimeZoneContext = createContext<TimeZoneMode>("local");

export function TimeZoneProvider({ mode, children }: { mode: TimeZoneMode; children: ReactNode }) {
  return <TimeZoneContext.Provider value={mode}>{children}</TimeZoneContext.Provider>;
}

/**
 * How this page says times now: in UTC in the static HTML and while React
 * hydrates it (the build cannot know the reader's zone, and must not show its
 * own), then in the reader's zone or UTC, as Settings say.
 */
export function useTimeZoneMode(): TimeZoneMode {
  const hydrated = useHydrated();
  const chosen = useContext(TimeZoneContext);
  return hydrated ? chosen : "utc";
}

type WhenProps = {
  /** a valid date */
  at: Date;
  seconds?: boolean;
  /** false: the time of day only (the title still gives the date) */
  date?: boolean;
};

/**
 * A time, with the zone it is said in next to it ('2026-11-27 06:30 GMT+1'), and
 * the other form in its title: UTC for a local time, the reader's zone for UTC.
 */
export function When({ at, seconds = false, date = true }: WhenProps) {
  const mode = useTimeZoneMode();
  const hydrated = useHydrated();
  const other: TimeZoneMode = mode === "utc" ? "local" : "utc";
  // The static HTML names no other zone: the build's would be a guess.
  const zone = readerZone();
  const title = hydrated ? `${formatWhen(at, other, { seconds })}${other === "local" && zone ? ` (${zone})` : ""}` : undefined;
  return (
    <time dateTime={at.toISOString()} title={title}>
      {formatWhen(at, mode, { seconds, date })}
    </time>
  );
}
