import { KNOWN_STATUSES, type KnownStatus } from "./types";

/** How a status looks: the three known ones have their colour, anything else is neutral. */
export type StatusTone = KnownStatus | "neutral";

export function isKnownStatus(status: string): status is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

export function statusTone(status: string): StatusTone {
  return isKnownStatus(status) ? status : "neutral";
}

/** 'online' -> 'Online'; an empty status reads 'Unknown'. */
export function statusLabel(status: string): string {
  const trimmed = status.trim();
  if (trimmed === "") return "Unknown";
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Online and offline servers pulse: they are the states an operator watches. */
export function statusPulses(status: string): boolean {
  return status === "online" || status === "offline";
}
