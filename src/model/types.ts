/**
 * The content types of the site, as editors write them in content/*.json and as
 * the pages receive them. Kept free of React, Gatsby and the DOM so the build,
 * the pages and the tests share one definition.
 */

/** The statuses the product knows. Content may hold others; they are shown neutral. */
export const KNOWN_STATUSES = ["online", "offline", "warning"] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

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
  /** milliseconds */
  responseTime: number;
  lastChecked: string;
  /** [longitude, latitude] */
  coordinates: readonly [number, number];
};

export const ALERT_TYPES = ["error", "warning", "info"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

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
  responseTime: number;
  uptime: number;
};

export const SECURITY_ALERT_TYPES = ["high", "medium", "low"] as const;
export const SECURITY_ALERT_STATUSES = ["active", "acknowledged", "resolved"] as const;
export type SecurityAlert = {
  id: string;
  type: (typeof SECURITY_ALERT_TYPES)[number];
  message: string;
  time: string;
  status: (typeof SECURITY_ALERT_STATUSES)[number];
};

export const REPORT_TYPES = ["Performance", "Security", "Analytics", "Uptime", "Resources"] as const;
export const REPORT_STATUSES = ["completed", "processing", "failed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type Report = {
  id: string;
  name: string;
  type: (typeof REPORT_TYPES)[number];
  /** YYYY-MM-DD */
  date: string;
  status: ReportStatus;
  size: string;
  /** /reports/<file>: where a completed report is downloaded from */
  file?: string | null;
};

/** A card of static figures (analytics, security), kept by editors. */
export type StatCard = {
  id: string;
  title: string;
  value: string;
  note: string;
};
