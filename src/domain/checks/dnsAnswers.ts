/**
 * A dns check's answers against what it expects: each expected value must be
 * among the values found. Values are compared as DNS compares them: names
 * (CNAME, MX) and addresses without regard to case or a final dot, an MX as
 * "priority host" or its host alone, a TXT record exactly (its strings joined).
 */
import { plainText } from "../kernel/plainText";
import type { DnsType } from "./definition";
import type { DnsSeen } from "./outcome";

/** A value as compared: names and addresses in lower case without a final dot; TXT as it is. */
function comparable(type: DnsType, value: string): string {
  return type === "TXT" ? value : value.trim().toLowerCase().replace(/\.$/, "");
}

/** Whether an expected value is among the answers. An MX may be expected by its host alone ("mail.example.org") or with its priority ("10 mail.example.org"). */
function found(type: DnsType, expected: string, records: readonly string[]): boolean {
  const want = comparable(type, expected);
  return records.some((record) => {
    const have = comparable(type, record);
    return have === want || (type === "MX" && have.replace(/^\d+\s+/, "") === want);
  });
}

/** What was found, quoted and short: '"192.0.2.7", "192.0.2.8"'. */
export function dnsValuesWords(records: readonly string[]): string {
  const shown = records.slice(0, 5).map((r) => JSON.stringify(plainText(r)));
  return records.length > 5 ? `${shown.join(", ")} and ${records.length - 5} more` : shown.join(", ");
}

/** Why a lookup fails its check, in words with what was found; null when it passes. */
export function dnsFailure(check: { name: string; type: DnsType; expect: readonly string[] }, seen: DnsSeen): string | null {
  if (seen.missing === "name") return `${check.name} does not exist (NXDOMAIN)`;
  if (seen.missing === "records" || seen.records.length === 0) return `${check.name} has no ${check.type} record`;
  const missing = check.expect.filter((value) => !found(check.type, value, seen.records));
  if (missing.length === 0) return null;
  return `${check.type} ${check.name}: expected ${dnsValuesWords(missing)}, found ${dnsValuesWords(seen.records)}`;
}
