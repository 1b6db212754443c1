/**
 * The content rules of content/security-acknowledgements.json (#34) beyond its
 * schema: each names a server of servers.json, and a server's rule is
 * acknowledged once (two notes for one finding would leave the page to pick).
 */
import { describeFound, makeIssue, recordOf, type ContentIssue } from "../kernel/contentIssue";

const FILE = "content/security-acknowledgements.json";

export function acknowledgementIssues(acknowledgements: unknown, servers: unknown[] | undefined): ContentIssue[] {
  if (!Array.isArray(acknowledgements)) return [];
  const ids = new Set(
    (servers ?? []).flatMap((s) => (s && typeof (s as { id?: unknown }).id === "string" ? [(s as { id: string }).id] : [])),
  );
  const seen = new Map<string, number>();
  const issues: ContentIssue[] = [];
  acknowledgements.forEach((ack: unknown, index) => {
    if (ack === null || typeof ack !== "object") return;
    const { server, rule } = ack as { server?: unknown; rule?: unknown };
    if (typeof server !== "string" || typeof rule !== "string") return;
    const record = recordOf(acknowledgements, index);
    if (!ids.has(server)) {
      const known = [...ids].slice(0, 10).join(", ");
      issues.push(
        makeIssue({
          level: "error",
          file: FILE,
          record,
          field: "server",
          expected: `the id of a server in servers.json (${known}${ids.size > 10 ? ", …" : ""})`,
          found: describeFound(server),
        }),
      );
    }
    const key = `${server}\u0000${rule}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push(
        makeIssue(
          {
            level: "error",
            file: FILE,
            record,
            field: "rule",
            expected: `one acknowledgement of ${rule} on ${server}`,
            found: `a second one (the first is record ${first + 1})`,
          },
          "Keep one, with the note that holds.",
        ),
      );
    } else seen.set(key, index);
  });
  return issues;
}
