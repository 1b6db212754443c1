/**
 * The ids of the job's alerts, made and read in one place:
 * check-<server id>-<UTC time of the check, compact>-<kind>, as
 * check-web-1-20261124T143000Z-offline. An id says whose alert it is and what
 * kind: a run that stopped after writing alerts.json is recognised by the next
 * from its alerts alone (checkRun's alreadyAlerted), so no change is alerted
 * twice. A very long server id is cut and given a hash, so every id fits the
 * published schema's ALERT_ID_MAX.
 */
import { fnv1a } from "../kernel/hash";

/** The kinds of the job's alerts, as their ids end. */
// A kind is 8 characters at most: the longest sets how much of a very long server id an id keeps (a longer kind would change those ids).
const KINDS = [
  "offline",
  "online",
  "slow",
  "cert",
  "places",
  "normal",
  "renewed",
  "flapping",
  "settled",
  "nocheck",
  "checked",
  "late",
] as const;
export type AlertKind = (typeof KINDS)[number];

/** The published alerts' schema allows ids of this many characters. */
export const ALERT_ID_MAX = 200;

const LONGEST_KIND = Math.max(...KINDS.map((kind) => kind.length));
const TIME_LENGTH = "20261124T143000Z".length;

/** A short stable stand-in for a long id: FNV-1a as 8 hex digits. */
const shortHash = (text: string): string => fnv1a(text).toString(16).padStart(8, "0");

/** The prefix of every alert id of a server: its id, or for a very long id its start and a hash, so ids fit ALERT_ID_MAX. */
export function alertIdPrefix(serverId: string): string {
  const limit = ALERT_ID_MAX - "check-".length - 1 - TIME_LENGTH - 1 - LONGEST_KIND;
  const id = serverId.length <= limit ? serverId : `${serverId.slice(0, limit - 9)}~${shortHash(serverId)}`;
  return `check-${id}-`;
}

/** 2026-11-24T14:30:00.123Z -> 20261124T143000Z */
const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/** The id of a server's alert of `kind`, for the check made at `checkedAt` (ISO). */
export const alertId = (serverId: string, checkedAt: string, kind: AlertKind): string =>
  `${alertIdPrefix(serverId)}${compact(checkedAt)}-${kind}`;

const OWN = new RegExp(`^\\d{8}T\\d{6}Z-(${KINDS.join("|")})$`);

/** The kind of an alert id of this server's; null for another server's (the whole id: 'web-1' is not 'web-1-eu') or an editor's. */
export function alertKindOf(id: string, serverId: string): AlertKind | null {
  const prefix = alertIdPrefix(serverId);
  if (!id.startsWith(prefix)) return null;
  const match = OWN.exec(id.slice(prefix.length));
  return match ? (match[1] as AlertKind) : null;
}
