/**
 * Content validation: the one place that decides whether the editors' JSON is fit
 * to publish. The JSON Schemas in content/schema are the rules (editors' code
 * editors read the same files); this module runs them with Ajv, adds the checks a
 * schema cannot express (unique keys, references between files, N/A sizes,
 * swapped coordinates), and turns every problem into a sentence that names the
 * file, the record, the field, what was expected and what was found.
 *
 * Pure: it takes file texts and returns issues. Reading the folder is the
 * caller's job (gatsby/validateContent.ts, scripts/validate-content.ts).
 */
import type { LatestChecks } from "../checks/run";
import {
  CHECK_FILES,
  CONTENT_FILES,
  OPTIONAL_FILES,
  OPTIONAL_LIST_FILES,
  unknownContentFiles,
  type ContentFileName,
  type OptionalListName,
} from "./files";
import { incidentIssues, maintenanceIssues } from "../incidents/incidentContent";
import { objectiveIssues } from "../objectives/objectiveContent";
import { lineAndColumn, makeIssue, type ContentIssue, type ContentTexts } from "../kernel/contentIssue";
import { relationIssues, type RelationOptions } from "./relations";
import { type ParsedContent } from "./parsed";
import { jsonErrorOffset } from "./jsonErrorOffset";
import { notificationIssues, quietFields } from "../notify/config";
import { acknowledgementIssues } from "../security/acknowledgements";
import { schemaIssues } from "./schemaErrors";
import { validators } from "./schemaIssues";

export { describeFound, lineAndColumn, type ContentIssue, type ContentTexts } from "../kernel/contentIssue";

export type ValidationResult = {
  issues: ContentIssue[];
  errors: ContentIssue[];
  warnings: ContentIssue[];
  /** the parsed records of every file that parsed, valid or not */
  data: ParsedContent;
};

export type ValidateOptions = RelationOptions & {
  /** every file in the content folder, as paths relative to it (servers.json, checks/latest.json); when given, files the site does not know are named in a warning */
  folderFiles?: readonly string[];
};

function parseJson(file: string, text: string): { ok: true; value: unknown } | { ok: false; issue: ContentIssue } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    const where = lineAndColumn(text, offset ?? text.length);
    const cleaned = reason.replace(/\s*in JSON at position \d+.*$/s, "").replace(/\s*\(line \d+ column \d+\)/, "");
    return {
      ok: false,
      issue: {
        level: "error",
        file,
        expected: "valid JSON",
        found: cleaned,
        message: `${file}, line ${where.line}, column ${where.column}: this is not valid JSON (${cleaned}). Look for a missing comma, quote or bracket just before this point.`,
      },
    };
  }
}

/**
 * A check's header value is never quoted: it may be a secret written where a
 * variable's name belonged. Its problem is said by its length.
 */
function quietHeader(issue: ContentIssue): ContentIssue {
  if (issue.file !== "content/servers.json" || !/^check\.headers\.[^.]+$/.test(issue.field ?? "") || issue.level !== "error") return issue;
  const found = issue.found?.startsWith('"')
    ? "a text that is not one line of at most 2000 characters (not shown: it may be a secret)"
    : issue.found;
  return makeIssue({
    level: issue.level,
    file: issue.file,
    record: issue.record,
    field: issue.field,
    expected: 'a text on one line (at most 2000 characters), or { "env": "NAME" } naming a variable of the check job\'s environment',
    found: found ?? "another value",
  });
}

const serverIdsOf = (records: unknown[] | undefined): Set<string> =>
  new Set((records ?? []).flatMap((r) => (typeof (r as { id?: unknown } | null)?.id === "string" ? [(r as { id: string }).id] : [])));

/** Checks every content file and returns every problem at once. */
export function validateContent(texts: ContentTexts, options: ValidateOptions = {}): ValidationResult {
  const issues: ContentIssue[] = [];
  const data: ValidationResult["data"] = {};
  const compiledValidators = validators();
  /** One list file: not empty, JSON, as its schema says; its records are kept for the checks across files. */
  const readList = (
    file: { name: ContentFileName | OptionalListName; path: string; schema: object },
    text: string,
    expectedList: string,
  ) => {
    if (text.trim() === "") {
      issues.push(makeIssue({ level: "error", file: file.path, expected: expectedList, found: "an empty file" }));
      return;
    }
    const parsed = parseJson(file.path, text);
    if (!parsed.ok) {
      issues.push(parsed.issue);
      return;
    }
    const validate = compiledValidators.get(file.name)!;
    if (!validate(parsed.value)) issues.push(...schemaIssues(file.path, file.schema, parsed.value, validate.errors ?? []).map(quietHeader));
    if (Array.isArray(parsed.value)) (data as Record<string, unknown[]>)[file.name] = parsed.value;
  };
  for (const file of CONTENT_FILES) {
    const text = texts[file.name];
    if (text === null || text === undefined) {
      issues.push(
        makeIssue({
          level: "error",
          file: file.path,
          expected: `the file ${file.path} (write [] in it for an empty list)`,
          found: "no such file",
        }),
      );
      continue;
    }
    readList(file, text, "a list of records in square brackets (write [] for none)");
  }
  // The editors' optional lists (incidents, maintenance): absent on a site without them; when present, lists like the files above.
  for (const file of OPTIONAL_LIST_FILES) {
    const text = texts[file.name];
    if (text === null || text === undefined) continue;
    readList(file, text, "a list of records in square brackets (write [] for none, or delete the file)");
  }
  // The check job's files: absent on a site without checks; when present, held to their schemas too.
  for (const file of CHECK_FILES) {
    const text = texts[file.name];
    if (text === null || text === undefined) continue;
    const parsed = text.trim() === "" ? null : parseJson(file.path, text);
    if (parsed === null) {
      issues.push(
        makeIssue({ level: "error", file: file.path, expected: "the check job's JSON (run npm run check again)", found: "an empty file" }),
      );
      continue;
    }
    if (!parsed.ok) {
      issues.push(parsed.issue);
      continue;
    }
    const validate = compiledValidators.get(file.name)!;
    if (!validate(parsed.value)) {
      issues.push(...schemaIssues(file.path, file.schema, parsed.value, validate.errors ?? []));
      continue;
    }
    if (file.name === "checks/latest.json") data[file.name] = parsed.value as LatestChecks;
    else data[file.name] = parsed.value as unknown[];
  }
  // The editors' optional files (the check job's defaults, notifications, security acknowledgements), held to their schemas when present.
  for (const file of OPTIONAL_FILES) {
    const text = texts[file.name];
    if (text === null || text === undefined) continue;
    const parsed = parseJson(file.path, text);
    if (!parsed.ok) {
      issues.push(parsed.issue);
      continue;
    }
    const validate = compiledValidators.get(file.name)!;
    const valid = validate(parsed.value);
    if (file.name === "notifications.json") {
      // A value that may be a secret is never quoted: notificationIssues says those fields' problems without it.
      const quiet = quietFields(parsed.value);
      const schemaProblems = valid ? [] : schemaIssues(file.path, file.schema, parsed.value, validate.errors ?? []);
      issues.push(...schemaProblems.filter((issue) => issue.field === undefined || !quiet.has(issue.field)));
      issues.push(...notificationIssues(parsed.value, serverIdsOf(data["servers.json"])));
    } else if (!valid) issues.push(...schemaIssues(file.path, file.schema, parsed.value, validate.errors ?? []));
    if (valid) data[file.name] = parsed.value;
  }
  issues.push(...relationIssues(data, options));
  issues.push(...incidentIssues(data["incidents.json"], data["servers.json"]));
  issues.push(...maintenanceIssues(data["maintenance.json"], data["servers.json"]));
  issues.push(...acknowledgementIssues(data["security-acknowledgements.json"], data["servers.json"]));
  issues.push(...objectiveIssues(data["objectives.json"], data["servers.json"]));
  for (const file of unknownContentFiles(options.folderFiles ?? [])) {
    issues.push({
      level: "warning",
      file: `content/${file}`,
      message: `content/${file} is not a content file the site knows; it was left out. The site reads ${CONTENT_FILES.map((f) => f.name).join(", ")}, and when they exist ${[...OPTIONAL_LIST_FILES, ...OPTIONAL_FILES].map((f) => f.name).join(", ")} (each with its schema in content/schema/); the check job writes content/checks/. Rename the file to one of these, or move it out of content/.`,
    });
  }
  return {
    issues,
    errors: issues.filter((i) => i.level === "error"),
    warnings: issues.filter((i) => i.level === "warning"),
    data,
  };
}

/** The report printed by the build and by npm run validate. */
export function formatReport(result: ValidationResult): string {
  const { errors, warnings } = result;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const lines: string[] = [];
  if (errors.length > 0) {
    lines.push(
      `The content has ${count(errors.length, "error")}${warnings.length ? ` and ${count(warnings.length, "warning")}` : ""}; fix the errors and build again:`,
    );
  } else if (warnings.length > 0) {
    lines.push(`The content is valid, with ${count(warnings.length, "warning")}:`);
  } else {
    lines.push("The content is valid.");
  }
  for (const issue of [...errors, ...warnings]) lines.push(`  ${issue.level === "error" ? "✖ error" : "⚠ warning"}  ${issue.message}`);
  if (errors.length + warnings.length > 0) lines.push("CONTENT.md explains each field and each message.");
  return lines.join("\n");
}
