/**
 * The content types of the site, as editors write them in content/*.json and as
 * the pages receive them. Kept free of React, Gatsby and the DOM so the build,
 * the pages and the tests share one definition.
 */

/** The statuses the product knows. Content may hold others; they are shown neutral. */
export const KNOWN_STATUSES = ["online", "offline", "warning"] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/**
 * Where a server's figures come from: measured by the check job, simulated in
 * the browser (a server without a check), or the editors' sample figures (a
 * server whose check has not run yet).
 */
export type FigureSource = "measured" | "simulated" | "sample";

/** The checks a measured uptime counts: `up` of `total`, the first at `since` (null when the job did not say). */
type UptimeChecks = { up: number; total: number; since: string | null };

export type Server = {
  id: string;
  name: string;
  ip: string;
  /** 'city, region' */
  location: string;
  /** online, offline, warning, or any other text (shown neutral) */
  status: string;
  /** percent text such as 99.9% */
  uptime: string;
  /** what a measured uptime counts (checks up of all checks, since the first of them); null unless measured */
  uptimeChecks: UptimeChecks | null;
  /** milliseconds; null when the server did not answer (no answer is not zero) */
  responseTime: number | null;
  /** when the figures were taken: ISO 8601 date and time */
  lastChecked: string;
  /** [longitude, latitude] */
  coordinates: readonly [number, number];
  source: FigureSource;
  /** what the last check saw, e.g. 'HTTP 200 in 45 ms' or 'connection refused'; null unless measured */
  detail: string | null;
  /** when the certificate a check judges expires (ISO); absent unless measured by such a check */
  certificateExpires?: string;
  /** checks from several places: each place's milliseconds in the newest run, by place (null: no answer from there); absent from one place */
  placeTimes?: readonly PlaceTime[];
  /** offline behind a server it depends on that is down too (#47): that server, the root cause; absent otherwise */
  unreachableBecause?: { id: string; name: string };
};

/** What one place measured of a server in the newest run: null when it had no answer from there. */
type PlaceTime = { location: string; ms: number | null };

export type AlertType = "error" | "warning" | "info";

export type Alert = {
  id: string;
  server: string;
  type: AlertType;
  message: string;
  ip: string;
  location: string;
  timestamp: string;
};

export type ChartPoint = {
  /** HH:MM */
  time: string;
  /** mean milliseconds of the answers; null when nothing answered (a gap in the chart) */
  responseTime: number | null;
  uptime: number;
};

export type SecurityAlert = {
  id: string;
  type: "high" | "medium" | "low";
  message: string;
  time: string;
  status: "active" | "acknowledged" | "resolved";
};

export type Report = {
  id: string;
  name: string;
  type: "Performance" | "Security" | "Analytics" | "Uptime" | "Resources";
  /** YYYY-MM-DD */
  date: string;
  status: "completed" | "processing" | "failed";
  size: string;
  /** /reports/<file>: where a completed report is downloaded from */
  file?: string | null;
};
