/**
 * The checks a JSON Schema cannot express across files and records: unique
 * keys, alerts that name real servers, report sizes and files that agree with
 * their status, statuses the site does not know; a check's own rules are in
 * checkRules.ts.
 */
import { alertTime } from "../checks/alerts";
import type { CheckDefaults } from "../checks/definition";
import { checkIssues, defaultsIssues } from "./checkRules";
import { asRecords, type ParsedContent, type Rec } from "./parsed";
import { CHECK_FILES, CONTENT_FILES, OPTIONAL_LIST_FILES } from "./files";
import { describeFound, makeIssue, recordOf, type ContentIssue } from "../kernel/contentIssue";
import { KNOWN_STATUSES } from "../kernel/types";
import { dependencyCycle } from "../checks/dependencies";

export type RelationOptions = {
  /** files the site publishes from static/, as URL paths (/reports/x.csv) with their size in bytes; when given, report files must be among them, their size told as it is */
  staticFiles?: ReadonlyMap<string, number>;
};

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** A size as readers are told it: "190 B", "0.2 KB" from 100 bytes up, "2.4 MB". */
export function sizeWords(bytes: number): string {
  if (bytes < 100) return `${bytes} B`;
  if (bytes < UNITS.MB) return `${(bytes / UNITS.KB).toFixed(1)} KB`;
  if (bytes < UNITS.GB) return `${(bytes / UNITS.MB).toFixed(1)} MB`;
  return `${(bytes / UNITS.GB).toFixed(1)} GB`;
}

/** Whether a typed size ("2.4 MB", "2 MB", "190 B") tells `bytes` to the precision it is written in. */
function sizeTells(typed: string, bytes: number): boolean {
  const match = /^(\d+)(?:\.(\d+))?\s*(B|KB|MB|GB)$/i.exec(typed.trim());
  if (!match) return false;
  const decimals = match[2]?.length ?? 0;
  const unit = UNITS[match[3].toUpperCase()];
  return Number(`${match[1]}.${match[2] ?? "0"}`).toFixed(decimals) === (bytes / unit).toFixed(decimals);
}

const alertsSchema = CONTENT_FILES.find((f) => f.name === "alerts.json")!.schema as {
  items: { properties: { timestamp: { pattern: string } } };
};
const ALERT_TIME_FORM = new RegExp(alertsSchema.items.properties.timestamp.pattern, "u");

function duplicateIssues(file: string, records: unknown, field: string): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const first = new Map<string, number>();
  if (!Array.isArray(records)) return issues;
  records.forEach((rec, index) => {
    const value = (rec as Rec | null)?.[field];
    if (typeof value !== "string") return;
    const key = value.trim().toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      return;
    }
    issues.push(
      makeIssue({
        level: "error",
        file,
        record: recordOf(records, index),
        field,
        expected: `${/^[aeiou]/.test(field) ? "an" : "a"} ${field} that no other record uses`,
        found: `${JSON.stringify(value)}, already used by record ${earlier + 1}`,
      }),
    );
  });
  return issues;
}

/**
 * A server's id names its page (/servers/<id>), its badge and its history file
 * (checks/servers/<id>.json): the schema keeps it to letters, digits and . - _ ~,
 * not starting with a dot, and ids that differ only in case are duplicates
 * (duplicateIssues). What is left that a file system or a URL handles badly:
 * Windows' device names (CON, NUL, COM1 …, whatever follows a dot: a file
 * named so cannot be made there), and a final dot (Windows drops it, so
 * "srv." and "srv" are one file; many URL tools drop it from a path's end).
 */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function idWhyNot(id: string): string | null {
  if (DEVICE_NAME.test(id))
    return `${JSON.stringify(id)} is a device's name on Windows (${id.split(".")[0].toUpperCase()}): no file of that name can be made there`;
  if (id.endsWith("."))
    return `${JSON.stringify(id)} ends with a dot, which Windows drops from a file's name and some URL tools from a path`;
  return null;
}

const serversSchema = CONTENT_FILES.find((f) => f.name === "servers.json")!.schema as {
  items: { properties: { id: { pattern: string } } };
};
const ID_FORM = new RegExp(serversSchema.items.properties.id.pattern, "u");

function idIssues(servers: readonly unknown[]): ContentIssue[] {
  return servers.flatMap((rec, index) => {
    const id = (rec as Rec | null)?.id;
    // An id of another form is the schema's error already.
    const why = typeof id === "string" && ID_FORM.test(id) ? idWhyNot(id) : null;
    return why === null
      ? []
      : [
          makeIssue(
            {
              level: "error",
              file: "content/servers.json",
              record: recordOf(servers, index),
              field: "id",
              expected: "an id that every file system and URL keeps as it is, such as srv-us-east-1",
              found: why,
            },
            "It names the server's page and its history file.",
          ),
        ];
  });
}

/**
 * dependsOn (#47): each id another server of servers.json that the job checks
 * (a server without a check has no confirmed state to be a cause), and no
 * server behind itself through others (the job could not tell which is the
 * root). The schema holds the list's form.
 */
function dependencyIssues(servers: readonly unknown[]): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const records = asRecords(servers);
  const checked = new Set(records.flatMap((s) => (typeof s.id === "string" && s.check !== undefined ? [s.id] : [])));
  const ids = new Set(records.flatMap((s) => (typeof s.id === "string" ? [s.id] : [])));
  const graph = new Map<string, string[]>();
  const issue = (index: number, field: string, expected: string, found: string, advice?: string) =>
    issues.push(
      makeIssue({ level: "error", file: "content/servers.json", record: recordOf(servers, index), field, expected, found }, advice),
    );
  servers.forEach((rec, index) => {
    const server = rec as Rec | null;
    const deps = server?.dependsOn;
    if (!Array.isArray(deps) || typeof server?.id !== "string") return;
    const valid: string[] = [];
    deps.forEach((dep, at) => {
      if (typeof dep !== "string") return;
      const field = `dependsOn[${at}]`;
      if (dep === server.id) issue(index, field, "the id of another server (a server cannot depend on itself)", JSON.stringify(dep));
      else if (!ids.has(dep)) issue(index, field, "the id of a server in servers.json", `${JSON.stringify(dep)}, which no server has`);
      else if (!checked.has(dep))
        issue(
          index,
          field,
          "the id of a server with a check",
          `${JSON.stringify(dep)}, which has no check`,
          "Only a server the job checks can be known to be down; give it a check or remove it from the list.",
        );
      else valid.push(dep);
    });
    if (server.check === undefined) {
      issues.push(
        makeIssue(
          {
            level: "warning",
            file: "content/servers.json",
            record: recordOf(servers, index),
            field: "dependsOn",
            expected: "dependencies on a server with a check",
            found: "a server without a check",
          },
          "Only the check job reads dependsOn: it changes nothing until this server has a check.",
        ),
      );
    }
    graph.set(server.id, valid);
  });
  const cycle = dependencyCycle(graph);
  if (cycle !== null) {
    const index = servers.findIndex((s) => (s as Rec | null)?.id === cycle[0]);
    issue(
      index,
      "dependsOn",
      "dependencies that never lead back to the server",
      `a cycle: ${cycle.join(" → ")}`,
      "The job could not tell which of them is the root cause: remove one of these dependencies.",
    );
  }
  return issues;
}

export function relationIssues(data: ParsedContent, options: RelationOptions): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const file of [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...CHECK_FILES]) {
    const records = data[file.name];
    if (!Array.isArray(records)) continue;
    for (const field of file.uniqueFields) issues.push(...duplicateIssues(file.path, records, field));
  }
  issues.push(...checkIssues(data));
  issues.push(...defaultsIssues((data["monitoring.json"] as { checkDefaults?: CheckDefaults } | undefined)?.checkDefaults));

  const servers = data["servers.json"];
  if (servers !== undefined) {
    issues.push(...idIssues(servers));
    issues.push(...dependencyIssues(servers));
    servers.forEach((rec, index) => {
      const status = (rec as Rec | null)?.status;
      if (typeof status === "string" && status !== "" && !(KNOWN_STATUSES as readonly string[]).includes(status)) {
        issues.push(
          makeIssue(
            {
              level: "warning",
              file: "content/servers.json",
              record: recordOf(servers, index),
              field: "status",
              expected: KNOWN_STATUSES.join(", "),
              found: JSON.stringify(status),
            },
            "The site shows it in a neutral colour; check for a typo.",
          ),
        );
      }
    });
  }

  const alerts = data["alerts.json"];
  alerts?.forEach((rec, index) => {
    const timestamp = (rec as Rec | null)?.timestamp;
    // The schema holds the form; a form that holds no real time (2026-02-30) is caught here.
    if (typeof timestamp === "string" && ALERT_TIME_FORM.test(timestamp) && alertTime(timestamp) === null) {
      issues.push(
        makeIssue({
          level: "error",
          file: "content/alerts.json",
          record: recordOf(alerts, index),
          field: "timestamp",
          expected: "a real date and time",
          found: JSON.stringify(timestamp),
        }),
      );
    }
  });
  if (alerts !== undefined && servers !== undefined) {
    const byName = new Map(asRecords(servers).flatMap((s) => (typeof s.name === "string" ? [[s.name, s] as const] : [])));
    alerts.forEach((rec, index) => {
      const alert = rec as Rec | null;
      if (alert === null || typeof alert !== "object" || typeof alert.server !== "string") return;
      const server = byName.get(alert.server);
      const record = recordOf(alerts, index);
      if (server === undefined) {
        const names = [...byName.keys()];
        issues.push(
          makeIssue({
            level: "error",
            file: "content/alerts.json",
            record,
            field: "server",
            expected:
              names.length > 0
                ? `the name of a server in servers.json (${names.join(", ")})`
                : "the name of a server in servers.json (it has none)",
            found: JSON.stringify(alert.server),
          }),
        );
        return;
      }
      for (const field of ["ip", "location"] as const) {
        if (typeof alert[field] === "string" && typeof server[field] === "string" && alert[field] !== server[field]) {
          issues.push(
            makeIssue(
              {
                level: "warning",
                file: "content/alerts.json",
                record,
                field,
                expected: `${JSON.stringify(server[field])} as in servers.json`,
                found: JSON.stringify(alert[field]),
              },
              "The alert and its server disagree.",
            ),
          );
        }
      }
    });
  }

  const reports = data["reports.json"];
  if (reports !== undefined) {
    reports.forEach((rec, index) => {
      const report = rec as Rec | null;
      if (report === null || typeof report !== "object" || typeof report.size !== "string" || typeof report.status !== "string") return;
      const record = recordOf(reports, index);
      const file = typeof report.file === "string" ? report.file : undefined;
      if (report.status === "completed" && file === undefined) {
        issues.push(
          makeIssue({
            level: "error",
            file: "content/reports.json",
            record,
            field: "file",
            expected: "a path /reports/<file name> for a completed report (readers download it)",
            found: describeFound(report.file),
          }),
        );
      }
      if (file !== undefined && options.staticFiles && !options.staticFiles.has(file)) {
        issues.push(
          makeIssue(
            {
              level: "error",
              file: "content/reports.json",
              record,
              field: "file",
              expected: `a file that exists in static${file}`,
              found: "no such file",
            },
            "Put the report file in static/reports/ or correct the name.",
          ),
        );
      }
      const bytes = file === undefined ? undefined : options.staticFiles?.get(file);
      // a failed report's size is N/A, said by its own rule above
      if (bytes !== undefined && report.status !== "failed" && !sizeTells(report.size, bytes)) {
        issues.push(
          makeIssue(
            {
              level: "error",
              file: "content/reports.json",
              record,
              field: "size",
              expected: `${JSON.stringify(sizeWords(bytes))}: static${file ?? ""} is ${bytes.toLocaleString("en-US")} bytes`,
              found: JSON.stringify(report.size),
            },
            "Readers are told the file's size before they download it: write its real size.",
          ),
        );
      }
      const isNA = report.size.trim().toUpperCase() === "N/A";
      if (report.status === "failed" && report.size !== "N/A") {
        issues.push(
          makeIssue({
            level: "error",
            file: "content/reports.json",
            record: recordOf(reports, index),
            field: "size",
            expected: '"N/A" for a failed report',
            found: JSON.stringify(report.size),
          }),
        );
      } else if (report.status !== "failed" && isNA) {
        issues.push(
          makeIssue({
            level: "error",
            file: "content/reports.json",
            record: recordOf(reports, index),
            field: "size",
            expected: `a size such as 2.4 MB for a ${report.status} report (N/A is only for failed ones)`,
            found: JSON.stringify(report.size),
          }),
        );
      }
    });
  }
  return issues;
}
