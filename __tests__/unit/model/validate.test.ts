/**
 * Content validation (the editors' issue): every bad content case names the
 * file, the record, the field, what was expected and what was found.
 * Each case starts from the real files in content/ and changes one thing.
 */
import * as fs from "fs";
import * as path from "path";
import { sizeWords } from "../../../src/domain/content/relations";
import type { ContentFileName } from "../../../src/domain/content/files";
import {
  type ContentIssue,
  type ContentTexts,
  describeFound,
  formatReport,
  lineAndColumn,
  validateContent,
  type ValidationResult,
} from "../../../src/domain/content/validate";

const FILES: ContentFileName[] = [
  "servers.json",
  "alerts.json",
  "performance.json",
  "security-alerts.json",
  "reports.json",
  "analytics-cards.json",
  "security-cards.json",
];
const CONTENT_DIR = path.join(__dirname, "..", "..", "..", "content");
const ORIGINAL = Object.fromEntries(FILES.map((f) => [f, fs.readFileSync(path.join(CONTENT_DIR, f), "utf8")])) as Record<
  ContentFileName,
  string
>;
const SERVER_NAMES = ["US-East-1", "EU-West-1", "AP-South-1", "US-West-2", "AP-East-1", "EU-Central-1"];

type Rec = Record<string, unknown>;
type Mutation = (texts: ContentTexts) => void;

function validTexts(): ContentTexts {
  return { ...ORIGINAL };
}

function withMutation(mutate: Mutation): ContentTexts {
  const texts = validTexts();
  mutate(texts);
  return texts;
}

/** Parse the file, let fn change the records (or return a new root), write it back pretty-printed. */
const edit =
  (file: ContentFileName, fn: (records: Rec[]) => unknown): Mutation =>
  (texts) => {
    const records = JSON.parse(texts[file] as string) as Rec[];
    const replaced = fn(records);
    texts[file] = JSON.stringify(replaced === undefined ? records : replaced, null, 2);
  };
const set = (file: ContentFileName, index: number, field: string, value: unknown): Mutation =>
  edit(file, (r) => {
    r[index][field] = value;
  });
const remove = (file: ContentFileName, index: number, field: string): Mutation =>
  edit(file, (r) => {
    delete r[index][field];
  });
const setText =
  (file: ContentFileName, text: string | null): Mutation =>
  (texts) => {
    texts[file] = text;
  };

/** Independent 1-based line/column of an offset, to check the validator's. */
function where(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i += 1) {
    if (text[i] === "\n") {
      line += 1;
      column = 1;
    } else column += 1;
  }
  return { line, column };
}

describe("the content as shipped", () => {
  it("is valid, with no error and no warning", () => {
    const result = validateContent(validTexts());
    expect(result.issues).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("returns the parsed records of every file", () => {
    const result = validateContent(validTexts());
    for (const f of FILES) expect(result.data[f]).toEqual(JSON.parse(ORIGINAL[f]));
  });
});

type BadCase = {
  title: string;
  mutate: Mutation;
  level: "error" | "warning";
  file: string;
  record?: { index: number; id?: string; name?: string };
  /** the record's index, when its id/name are checked in `extra` instead of exactly */
  recordIndex?: number;
  field?: string;
  /** words that issue.expected must contain; omit when the issue has no expected part */
  expected?: string[];
  /** words that issue.found must contain */
  found: string[];
  messageHas?: string[];
  messageLacks?: string[];
  errors: number;
  warnings: number;
  extra?: (issue: ContentIssue, result: ValidationResult) => void;
};

const S = "content/servers.json";
const A = "content/alerts.json";
const P = "content/performance.json";
const R = "content/reports.json";
const SA = "content/security-alerts.json";
const US_EAST = { index: 0, id: "srv-us-east-1", name: "US-East-1" };
const US_WEST = { index: 3, id: "srv-us-west-2", name: "US-West-2" };
const LONG = "x".repeat(40000);

const BAD_CASES: BadCase[] = [
  // --- whole files
  {
    title: "servers.json is missing",
    mutate: setText("servers.json", null),
    level: "error",
    file: S,
    expected: ["content/servers.json", "[]"],
    found: ["no such file"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "alerts.json is empty",
    mutate: setText("alerts.json", ""),
    level: "error",
    file: A,
    expected: ["list", "[]"],
    found: ["empty file"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "performance.json holds only white space",
    mutate: setText("performance.json", "  \n\t\n"),
    level: "error",
    file: P,
    expected: ["list", "[]"],
    found: ["empty file"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "servers.json root is an object, not a list",
    mutate: setText("servers.json", '{ "servers": [] }'),
    level: "error",
    file: S,
    expected: ["list", "[]"],
    found: ["object"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "reports.json root is a text",
    mutate: setText("reports.json", '"hello"'),
    level: "error",
    file: R,
    expected: ["list"],
    found: ['"hello"'],
    errors: 1,
    warnings: 0,
  },
  // --- records
  {
    title: "a server record is a text, not an object",
    mutate: edit("servers.json", (r) => {
      (r as unknown[])[3] = "oops";
    }),
    level: "error",
    file: S,
    record: { index: 3 },
    expected: ["record", "{"],
    found: ['"oops"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an alert record is null",
    mutate: edit("alerts.json", (r) => {
      (r as unknown[])[0] = null;
    }),
    level: "error",
    file: A,
    record: { index: 0 },
    expected: ["record"],
    found: ["null"],
    errors: 1,
    warnings: 0,
  },
  // --- required fields and types
  {
    title: "a server without ip",
    mutate: remove("servers.json", 0, "ip"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "ip",
    expected: ["IPv4", "IPv6"],
    found: ["missing"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a report without status",
    mutate: remove("reports.json", 2, "status"),
    level: "error",
    file: R,
    record: { index: 2, id: "rep-3", name: "Traffic Analytics Report" },
    field: "status",
    expected: ["completed", "processing", "failed"],
    found: ["missing"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a security card without title",
    mutate: remove("security-cards.json", 1, "title"),
    level: "error",
    file: "content/security-cards.json",
    record: { index: 1, id: "active-threats" },
    field: "title",
    expected: ["non-empty"],
    found: ["missing"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a measured analytics card with a typed value",
    mutate: set("analytics-cards.json", 0, "value", "2.4M"),
    level: "error",
    file: "content/analytics-cards.json",
    record: { index: 0, id: "total-requests" },
    field: "value",
    expected: ["no value", "measured"],
    found: ["2.4M"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a typed analytics card without its value",
    mutate: remove("analytics-cards.json", 2, "value"),
    level: "error",
    file: "content/analytics-cards.json",
    record: { index: 2, id: "active-users" },
    field: "value",
    expected: ["non-empty"],
    found: ["missing"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an analytics card measuring what the job does not measure",
    mutate: set("analytics-cards.json", 0, "measure", "users"),
    level: "error",
    file: "content/analytics-cards.json",
    record: { index: 0, id: "total-requests" },
    field: "measure",
    expected: ["checks, response-time or countries"],
    found: ["users"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "responseTime written as a text",
    mutate: set("servers.json", 1, "responseTime", "32"),
    level: "error",
    file: S,
    record: { index: 1, id: "srv-eu-west-1", name: "EU-West-1" },
    field: "responseTime",
    expected: ["number", "milliseconds"],
    found: ['"32"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "chart uptime written as a text",
    mutate: set("performance.json", 2, "uptime", "99.9"),
    level: "error",
    file: P,
    record: { index: 2 },
    field: "uptime",
    expected: ["percent", "0", "100"],
    found: ['"99.9"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "coordinates written as a text",
    mutate: set("servers.json", 0, "coordinates", "-77.4874, 39.0438"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "coordinates",
    expected: ["longitude", "latitude"],
    found: ['"-77.4874, 39.0438"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a server name that is a number",
    mutate: set("servers.json", 3, "name", 42),
    level: "error",
    file: S,
    record: { index: 3, id: "srv-us-west-2" },
    field: "name",
    expected: ["non-empty"],
    found: ["42"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an empty alert message",
    mutate: set("alerts.json", 0, "message", ""),
    level: "error",
    file: A,
    record: { index: 0, id: "alert-1" },
    field: "message",
    expected: ["non-empty"],
    found: ['""'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an id with spaces",
    mutate: set("servers.json", 0, "id", "srv us east"),
    level: "error",
    file: S,
    record: { index: 0, id: "srv us east", name: "US-East-1" },
    field: "id",
    expected: ["no spaces", "srv-us-east-1"],
    found: ['"srv us east"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a server id with a slash (it names the badge file)",
    mutate: set("servers.json", 0, "id", "../srv"),
    level: "error",
    file: S,
    record: { index: 0, id: "../srv", name: "US-East-1" },
    field: "id",
    expected: ["letters, digits"],
    found: ['"../srv"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a server id of dots (it names the page /servers/<id> and a history file: '..' would be the parent folder)",
    mutate: set("servers.json", 0, "id", ".."),
    level: "error",
    file: S,
    record: { index: 0, id: "..", name: "US-East-1" },
    field: "id",
    expected: ["not starting with a dot"],
    found: ['".."'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "three coordinates instead of two",
    mutate: set("servers.json", 0, "coordinates", [-77.4874, 39.0438, 12]),
    level: "error",
    file: S,
    record: US_EAST,
    field: "coordinates",
    expected: ["two numbers"],
    found: ["list", "12"],
    errors: 1,
    warnings: 0,
  },
  // --- unknown fields: warnings that name them
  {
    title: "an unknown server field (typo 'stauts')",
    mutate: set("servers.json", 2, "stauts", "online"),
    level: "warning",
    file: S,
    record: { index: 2, id: "srv-ap-south-1", name: "AP-South-1" },
    field: "stauts",
    found: ["stauts"],
    messageHas: ["typo", "status", "responseTime", "coordinates"],
    errors: 0,
    warnings: 1,
  },
  {
    title: "an unknown security alert field",
    mutate: set("security-alerts.json", 1, "severity", "high"),
    level: "warning",
    file: SA,
    record: { index: 1, id: "sec-2" },
    field: "severity",
    found: ["severity"],
    messageHas: ["type", "status"],
    errors: 0,
    warnings: 1,
  },
  // --- unique keys
  {
    title: "a duplicate server id",
    mutate: set("servers.json", 1, "id", "srv-us-east-1"),
    level: "error",
    file: S,
    record: { index: 1, id: "srv-us-east-1", name: "EU-West-1" },
    field: "id",
    expected: ["id"],
    found: ["srv-us-east-1", "record 1"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a duplicate alert id",
    mutate: set("alerts.json", 2, "id", "alert-1"),
    level: "error",
    file: A,
    record: { index: 2, id: "alert-1" },
    field: "id",
    expected: ["id"],
    found: ["alert-1", "record 1"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a duplicate server name",
    mutate: set("servers.json", 3, "name", "US-East-1"),
    level: "error",
    file: S,
    record: { index: 3, id: "srv-us-west-2", name: "US-East-1" },
    field: "name",
    expected: ["name"],
    found: ["US-East-1", "record 1"],
    errors: 1,
    warnings: 0,
  },
  // --- server fields
  {
    title: "an IPv4 address with a part over 255 (300.1.1.1)",
    mutate: set("servers.json", 0, "ip", "300.1.1.1"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "ip",
    expected: ["IPv4", "IPv6"],
    found: ["300.1.1.1"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an IPv4 address with three parts",
    mutate: set("servers.json", 5, "ip", "198.51.100"),
    level: "error",
    file: S,
    record: { index: 5, id: "srv-eu-central-1", name: "EU-Central-1" },
    field: "ip",
    expected: ["IPv4"],
    found: ["198.51.100"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a very long invalid ip is summarised, not repeated",
    mutate: set("servers.json", 0, "ip", "1".repeat(40000)),
    level: "error",
    file: S,
    record: US_EAST,
    field: "ip",
    expected: ["IPv4"],
    found: ["40000"],
    messageLacks: ["1".repeat(100)],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a location without a comma",
    mutate: set("servers.json", 0, "location", "Ashburn USA"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "location",
    expected: ["city, region"],
    found: ['"Ashburn USA"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "uptime 101%",
    mutate: set("servers.json", 0, "uptime", "101%"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "uptime",
    expected: ["0%", "100%"],
    found: ['"101%"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "uptime abc",
    mutate: set("servers.json", 5, "uptime", "abc"),
    level: "error",
    file: S,
    record: { index: 5, id: "srv-eu-central-1", name: "EU-Central-1" },
    field: "uptime",
    expected: ["percent"],
    found: ['"abc"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "lastChecked as a time without a date",
    mutate: set("servers.json", 0, "lastChecked", "10:42:15"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "lastChecked",
    expected: ["date and time", "2026-11-23T10:42:15Z"],
    found: ['"10:42:15"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "lastChecked without a time zone",
    mutate: set("servers.json", 0, "lastChecked", "2026-11-23T10:42:15"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "lastChecked",
    expected: ["with its zone"],
    found: ['"2026-11-23T10:42:15"'],
    errors: 1,
    warnings: 0,
  },
  // --- checks (servers.json "check")
  {
    title: "a check with both url and tcp",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", tcp: "a.example.com:443" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check",
    expected: ["one of url", "tcp", "only one of them"],
    found: ["an object with url, tcp"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a check with neither url nor tcp",
    mutate: set("servers.json", 0, "check", { timeoutMs: 5000 }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check",
    expected: ["one of url", "tcp"],
    found: ["timeoutMs"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a check url that is not http or https",
    mutate: set("servers.json", 0, "check", { url: "ftp://files.example.com/" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.url",
    expected: ["http://", "https://"],
    found: ['"ftp://files.example.com/"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a tcp check without a port",
    mutate: set("servers.json", 0, "check", { tcp: "db.example.com" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.tcp",
    expected: ["host:port"],
    found: ['"db.example.com"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a tcp check on port 70000",
    mutate: set("servers.json", 0, "check", { tcp: "db.example.com:70000" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.tcp",
    expected: ["1 to 65535"],
    found: ['"db.example.com:70000"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a tcp check with an HTTP status to expect",
    mutate: set("servers.json", 0, "check", { tcp: "db.example.com:5432", expectStatus: 200 }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expectStatus",
    expected: ["no expectStatus on a tcp check"],
    found: ["200"],
    messageHas: ["remove expectStatus"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a check timeout of 50 ms",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", timeoutMs: 50 }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.timeoutMs",
    expected: ["100 to 60000", "10000"],
    found: ["50"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a misspelt check field (timeout instead of timeoutMs)",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", timeout: 5000 }),
    level: "warning",
    file: S,
    record: US_EAST,
    field: "check.timeout",
    found: ['unknown field "timeout"'],
    messageHas: ["timeoutMs", "warnAboveMs"],
    errors: 0,
    warnings: 1,
  },
  // --- what an HTTP check says and expects (issue #23)
  {
    title: "a check header the job sets itself (Host)",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", headers: { Host: "other.example.com" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.headers.Host",
    expected: ["no Host header"],
    found: ["a Host header"],
    messageHas: ["Host, Content-Length, Connection and Transfer-Encoding"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a header value on two lines is said without quoting it (it may be a secret)",
    mutate: set("servers.json", 0, "check", {
      url: "https://a.example.com/health",
      headers: { Authorization: "Bearer abc123secret\nX: y" },
    }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.headers.Authorization",
    expected: ["one line"],
    found: ["not shown"],
    messageLacks: ["abc123secret"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a JSONPath that is not one",
    mutate: set("servers.json", 0, "check", {
      url: "https://a.example.com/health",
      expect: {
        json: [
          { path: "$.status", equals: "ok" },
          { path: "$.queue[", lessThan: 5 },
        ],
      },
    }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.json[1].path",
    expected: ["JSONPath"],
    found: ['"$.queue["', "unclosed"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a regular expression that is not one",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", expect: { json: [{ path: "$.v", matches: "^(2" }] } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.json[0].matches",
    expected: ["regular expression"],
    found: ['"^(2"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a pattern the check's engine (RE2, which never backtracks) cannot run: lookahead",
    mutate: set("servers.json", 0, "check", {
      url: "https://a.example.com/health",
      expect: { json: [{ path: "$.v", matches: "^(?!beta)\\d+" }] },
    }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.json[0].matches",
    expected: ["regular expression", "runs without backtracking"],
    found: ['"^(?!beta)\\\\d+"', "lookahead and lookbehind", "not supported"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a pattern with a backreference, which would quietly mean something else",
    mutate: set("servers.json", 0, "check", {
      url: "https://a.example.com/health",
      expect: { json: [{ path: "$.v", matches: "(a)\\1" }] },
    }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.json[0].matches",
    expected: ["regular expression"],
    found: ["backreferences"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a JSON condition with two tests",
    mutate: set("servers.json", 0, "check", {
      url: "https://a.example.com/health",
      expect: { json: [{ path: "$.n", lessThan: 5, greaterThan: 1 }] },
    }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.json[0]",
    expected: ["one of equals"],
    found: ["lessThan", "greaterThan"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "maxResponseMs and its alias warnAboveMs that disagree",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", warnAboveMs: 200, expect: { maxResponseMs: 300 } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.maxResponseMs",
    expected: ["warnAboveMs (200)", "one of them"],
    found: ["300"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "expect.status and its alias expectStatus that disagree",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", expectStatus: 200, expect: { status: "3xx" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.status",
    expected: ["expectStatus (200)"],
    found: ['"3xx"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a status range upside down",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", expect: { status: "299-200" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.status",
    expected: ["2xx", "200-206"],
    found: ['"299-200"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a body on a GET",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", body: "ping" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.body",
    expected: ["method POST"],
    found: ["GET"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a condition on the body of a HEAD",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", method: "HEAD", expect: { bodyLacks: "maintenance" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.expect.bodyLacks",
    expected: ["GET or POST"],
    found: ["HEAD"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "headers on a tcp check",
    mutate: set("servers.json", 0, "check", { tcp: "db.example.com:5432", headers: { Accept: "*/*" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.headers",
    expected: ["no headers on a tcp check"],
    found: ["Accept"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a body limit over 1 MB",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", bodyLimit: 2000000 }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.bodyLimit",
    expected: ["1048576"],
    found: ["2000000"],
    errors: 1,
    warnings: 0,
  },
  // --- certificates, DNS and the redirect policy (issue #23, part B)
  {
    title: "a dns check with a type it cannot ask for",
    mutate: set("servers.json", 0, "check", { dns: { name: "example.org", type: "SRV" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.dns.type",
    expected: ["A, AAAA, CNAME, MX, TXT"],
    found: ['"SRV"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a dns check whose resolver is a host name",
    mutate: set("servers.json", 0, "check", { dns: { name: "example.org", type: "A", resolver: "dns.example.org" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.dns.resolver",
    expected: ["an IP address with an optional port"],
    found: ['"dns.example.org"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a dns check whose resolver's port is 0",
    mutate: set("servers.json", 0, "check", { dns: { name: "example.org", type: "A", resolver: "192.0.2.53:0" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.dns.resolver",
    expected: ["192.0.2.53:5353"],
    found: ['"192.0.2.53:0"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a dns check for a name that is not one",
    mutate: set("servers.json", 0, "check", { dns: { name: "exa mple..org", type: "A" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.dns.name",
    expected: ["a host name such as example.org"],
    found: ['"exa mple..org"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a dns check with headers",
    mutate: set("servers.json", 0, "check", { dns: { name: "example.org", type: "A" }, headers: { Accept: "*/*" } }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.headers",
    expected: ["no headers on a dns check"],
    found: ["Accept"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a tls check on port 70000",
    mutate: set("servers.json", 0, "check", { tls: "mail.example.org:70000" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.tls",
    expected: ["1 to 65535"],
    found: ['"mail.example.org:70000"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "certificate on an http:// check",
    mutate: set("servers.json", 0, "check", { url: "http://a.example.com/health", certificate: true }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.certificate",
    expected: ["https url"],
    found: ['"http://a.example.com/health"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "warnDays on an https check that does not judge its certificate",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", warnDays: 21 }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.warnDays",
    expected: ['"certificate": true'],
    found: ["a url check without certificate"],
    messageHas: ['Add "certificate": true'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "warnDays of 0",
    mutate: set("servers.json", 0, "check", { tls: "mail.example.org:993", warnDays: 0 }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.warnDays",
    expected: ["1 to 365"],
    found: ["0"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "follow and its alias followRedirects that disagree",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", follow: "none", followRedirects: true }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.follow",
    expected: ["followRedirects (true)", "one of them"],
    found: ['"none"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a redirect policy that is not one",
    mutate: set("servers.json", 0, "check", { url: "https://a.example.com/health", follow: "all" }),
    level: "error",
    file: S,
    record: US_EAST,
    field: "check.follow",
    expected: ["same-origin or none"],
    found: ['"all"'],
    errors: 1,
    warnings: 0,
  },
  // --- alert times
  {
    title: "an alert timestamp that is not a date and time",
    mutate: set("alerts.json", 0, "timestamp", "yesterday"),
    level: "error",
    file: A,
    recordIndex: 0,
    field: "timestamp",
    expected: ["2026-11-23 10:37 UTC"],
    found: ['"yesterday"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an alert timestamp on a day that does not exist (2026-02-30)",
    mutate: set("alerts.json", 0, "timestamp", "2026-02-30 10:37 UTC"),
    level: "error",
    file: A,
    recordIndex: 0,
    field: "timestamp",
    expected: ["a real date and time"],
    found: ['"2026-02-30 10:37 UTC"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "uptime as a number without %",
    mutate: set("servers.json", 0, "uptime", "99.9"),
    level: "error",
    file: S,
    record: US_EAST,
    field: "uptime",
    expected: ["percent"],
    found: ['"99.9"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a negative responseTime",
    mutate: set("servers.json", 0, "responseTime", -1),
    level: "error",
    file: S,
    record: US_EAST,
    field: "responseTime",
    expected: ["0 or more"],
    found: ["-1"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "longitude 200",
    mutate: set("servers.json", 0, "coordinates", [200, 39.0438]),
    level: "error",
    file: S,
    record: US_EAST,
    field: "coordinates[0]",
    expected: ["longitude", "-180", "180"],
    found: ["200"],
    messageLacks: ["swapped"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "latitude 95 (the swapped pair [95, -77.4874] would be valid: hint)",
    mutate: set("servers.json", 0, "coordinates", [-77.4874, 95]),
    level: "error",
    file: S,
    record: US_EAST,
    field: "coordinates[1]",
    expected: ["latitude", "-90", "90"],
    found: ["95"],
    messageHas: ["swapped", "[95, -77.4874]"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "latitude 95 with longitude 150 (swapping would not help: no hint)",
    mutate: set("servers.json", 0, "coordinates", [150, 95]),
    level: "error",
    file: S,
    record: US_EAST,
    field: "coordinates[1]",
    expected: ["latitude"],
    found: ["95"],
    messageLacks: ["swapped"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "[10, 120] looks swapped",
    mutate: set("servers.json", 3, "coordinates", [10, 120]),
    level: "error",
    file: S,
    record: US_WEST,
    field: "coordinates[1]",
    expected: ["latitude"],
    found: ["120"],
    messageHas: ["swapped", "[120, 10]"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "[53.3, -122.6] (Portland written latitude first) looks swapped",
    mutate: set("servers.json", 3, "coordinates", [53.3, -122.6]),
    level: "error",
    file: S,
    record: US_WEST,
    field: "coordinates[1]",
    expected: ["latitude"],
    found: ["-122.6"],
    messageHas: ["swapped", "[-122.6, 53.3]"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an unknown server status is a warning only",
    mutate: set("servers.json", 5, "status", "maintenance"),
    level: "warning",
    file: S,
    record: { index: 5, id: "srv-eu-central-1", name: "EU-Central-1" },
    field: "status",
    expected: ["online", "offline", "warning"],
    found: ["maintenance"],
    errors: 0,
    warnings: 1,
  },
  {
    title: "a server name over 32767 characters",
    mutate: set("servers.json", 3, "name", "N".repeat(33000)),
    level: "error",
    file: S,
    recordIndex: 3,
    field: "name",
    expected: ["32767"],
    found: ["33000"],
    messageLacks: ["N".repeat(100)],
    errors: 1,
    warnings: 0,
    extra: (issue) => {
      expect(issue.record?.index).toBe(3);
      expect(issue.record?.id).toBe("srv-us-west-2");
      expect(issue.record?.name?.length ?? 0).toBeLessThanOrEqual(60);
      expect(issue.message.length).toBeLessThan(600);
    },
  },
  // --- alerts
  {
    title: "alert type critical",
    mutate: set("alerts.json", 0, "type", "critical"),
    level: "error",
    file: A,
    record: { index: 0, id: "alert-1" },
    field: "type",
    expected: ["error", "warning", "info"],
    found: ['"critical"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an alert naming a server that does not exist",
    mutate: set("alerts.json", 1, "server", "AP-South-9"),
    level: "error",
    file: A,
    record: { index: 1, id: "alert-2" },
    field: "server",
    expected: ["servers.json", ...SERVER_NAMES],
    found: ["AP-South-9"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "an alert whose ip differs from its server's",
    mutate: set("alerts.json", 2, "ip", "198.51.100.99"),
    level: "warning",
    file: A,
    record: { index: 2, id: "alert-3" },
    field: "ip",
    expected: ["198.51.100.21"],
    found: ["198.51.100.99"],
    errors: 0,
    warnings: 1,
  },
  {
    title: "an alert whose location differs from its server's",
    mutate: set("alerts.json", 0, "location", "Kowloon, China"),
    level: "warning",
    file: A,
    record: { index: 0, id: "alert-1" },
    field: "location",
    expected: ["Hong Kong, China"],
    found: ["Kowloon, China"],
    errors: 0,
    warnings: 1,
  },
  {
    title: "an alert ip that is not an address (error, and it differs from the server: warning)",
    mutate: set("alerts.json", 0, "ip", "999.0.0.1"),
    level: "error",
    file: A,
    record: { index: 0, id: "alert-1" },
    field: "ip",
    expected: ["IPv4", "IPv6"],
    found: ["999.0.0.1"],
    errors: 1,
    warnings: 1,
  },
  {
    title: "an alert message over 32767 characters",
    mutate: set("alerts.json", 0, "message", LONG),
    level: "error",
    file: A,
    record: { index: 0, id: "alert-1" },
    field: "message",
    expected: ["32767"],
    found: ["40000"],
    messageLacks: [LONG, "x".repeat(100)],
    errors: 1,
    warnings: 0,
    extra: (issue) => expect(issue.message.length).toBeLessThan(600),
  },
  // --- chart points
  {
    title: "chart time 24:00",
    mutate: set("performance.json", 0, "time", "24:00"),
    level: "error",
    file: P,
    record: { index: 0 },
    field: "time",
    expected: ["HH:MM"],
    found: ['"24:00"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "chart time 7:00 (one digit hour)",
    mutate: set("performance.json", 1, "time", "7:00"),
    level: "error",
    file: P,
    record: { index: 1 },
    field: "time",
    expected: ["HH:MM"],
    found: ['"7:00"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "chart time 12:60",
    mutate: set("performance.json", 3, "time", "12:60"),
    level: "error",
    file: P,
    record: { index: 3 },
    field: "time",
    expected: ["HH:MM"],
    found: ['"12:60"'],
    errors: 1,
    warnings: 0,
  },
  {
    title: "chart uptime 120",
    mutate: set("performance.json", 3, "uptime", 120),
    level: "error",
    file: P,
    record: { index: 3 },
    field: "uptime",
    expected: ["0", "100"],
    found: ["120"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "chart responseTime -5",
    mutate: set("performance.json", 4, "responseTime", -5),
    level: "error",
    file: P,
    record: { index: 4 },
    field: "responseTime",
    expected: ["0 or more"],
    found: ["-5"],
    errors: 1,
    warnings: 0,
  },
  // --- reports
  {
    title: "report date 2026-02-30 (not a real date)",
    mutate: set("reports.json", 0, "date", "2026-02-30"),
    level: "error",
    file: R,
    record: { index: 0, id: "rep-1", name: "Monthly Performance Report" },
    field: "date",
    expected: ["YYYY-MM-DD"],
    found: ["2026-02-30"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "report date 01/11/2026",
    mutate: set("reports.json", 1, "date", "01/11/2026"),
    level: "error",
    file: R,
    record: { index: 1, id: "rep-2", name: "Security Audit Report" },
    field: "date",
    expected: ["YYYY-MM-DD"],
    found: ["01/11/2026"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "report type Weekly",
    mutate: set("reports.json", 0, "type", "Weekly"),
    level: "error",
    file: R,
    record: { index: 0, id: "rep-1", name: "Monthly Performance Report" },
    field: "type",
    expected: ["Performance", "Security", "Analytics", "Uptime", "Resources"],
    found: ["Weekly"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "report status done",
    mutate: set("reports.json", 2, "status", "done"),
    level: "error",
    file: R,
    record: { index: 2, id: "rep-3", name: "Traffic Analytics Report" },
    field: "status",
    expected: ["completed", "processing", "failed"],
    found: ["done"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a failed report with size 1 MB",
    mutate: set("reports.json", 4, "size", "1 MB"),
    level: "error",
    file: R,
    record: { index: 4, id: "rep-5", name: "Resource Usage Report" },
    field: "size",
    expected: ["N/A", "failed"],
    found: ["1 MB"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a failed report with size n/a (not exactly N/A)",
    mutate: set("reports.json", 4, "size", "n/a"),
    level: "error",
    file: R,
    record: { index: 4, id: "rep-5", name: "Resource Usage Report" },
    field: "size",
    expected: ["N/A"],
    found: ["n/a"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a completed report with size N/A",
    mutate: set("reports.json", 0, "size", "N/A"),
    level: "error",
    file: R,
    record: { index: 0, id: "rep-1", name: "Monthly Performance Report" },
    field: "size",
    expected: ["N/A"],
    found: ["N/A"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a processing report with size N/A",
    mutate: set("reports.json", 2, "size", "N/A"),
    level: "error",
    file: R,
    record: { index: 2, id: "rep-3", name: "Traffic Analytics Report" },
    field: "size",
    expected: ["N/A"],
    found: ["N/A"],
    errors: 1,
    warnings: 0,
  },
  // --- security alerts
  {
    title: "security alert type critical",
    mutate: set("security-alerts.json", 0, "type", "critical"),
    level: "error",
    file: SA,
    record: { index: 0, id: "sec-1" },
    field: "type",
    expected: ["high", "medium", "low"],
    found: ["critical"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "security alert status open",
    mutate: set("security-alerts.json", 3, "status", "open"),
    level: "error",
    file: SA,
    record: { index: 3, id: "sec-4" },
    field: "status",
    expected: ["active", "acknowledged", "resolved"],
    found: ["open"],
    errors: 1,
    warnings: 0,
  },
  {
    title: "a security alert message over 32767 characters",
    mutate: set("security-alerts.json", 2, "message", "y".repeat(32768)),
    level: "error",
    file: SA,
    record: { index: 2, id: "sec-3" },
    field: "message",
    expected: ["32767"],
    found: ["32768"],
    messageLacks: ["y".repeat(100)],
    errors: 1,
    warnings: 0,
  },
];

describe("validateContent: one bad change, one precise issue", () => {
  it("has at least 30 cases", () => {
    expect(BAD_CASES.length).toBeGreaterThanOrEqual(30);
  });

  test.each(BAD_CASES.map((c) => [c.title, c] as const))("%s", (_title, c) => {
    const result = validateContent(withMutation(c.mutate));
    expect(result.errors).toHaveLength(c.errors);
    expect(result.warnings).toHaveLength(c.warnings);
    expect(result.issues).toHaveLength(c.errors + c.warnings);
    expect(result.errors.every((i) => i.level === "error")).toBe(true);
    expect(result.warnings.every((i) => i.level === "warning")).toBe(true);

    const matching = result.issues.filter(
      (i) => i.level === c.level && i.file === c.file && i.field === c.field && i.record?.index === (c.record?.index ?? c.recordIndex),
    );
    expect(matching).toHaveLength(1);
    const issue = matching[0];

    // structured fields
    if (c.record) expect(issue.record).toEqual(c.record);
    else if (c.recordIndex === undefined) expect(issue.record).toBeUndefined();
    if (c.expected) {
      expect(typeof issue.expected).toBe("string");
      for (const word of c.expected) expect(issue.expected).toContain(word);
    }
    expect(typeof issue.found).toBe("string");
    for (const word of c.found) expect(issue.found).toContain(word);

    // the sentence
    const m = issue.message;
    expect(m).toContain(c.file);
    if (issue.record) {
      expect(m).toContain(`record ${issue.record.index + 1}`);
      if (issue.record.id !== undefined) expect(m).toContain(issue.record.id);
      if (issue.record.name !== undefined) expect(m).toContain(issue.record.name);
    }
    if (c.field !== undefined) expect(m).toContain(`"${c.field}"`);
    if (c.expected) {
      expect(m).toContain(`expected ${issue.expected}`);
      expect(m).toContain(`found ${issue.found}`);
    } else {
      expect(m).toContain(issue.found as string);
    }
    for (const word of c.messageHas ?? []) expect(m).toContain(word);
    for (const text of c.messageLacks ?? []) expect(m).not.toContain(text);
    c.extra?.(issue, result);
  });
});

describe("validateContent: a missing file, for each file", () => {
  test.each(FILES)("%s missing is one error naming it", (file) => {
    const result = validateContent(withMutation(setText(file, null)));
    expect(result.errors).toHaveLength(1);
    expect(result.warnings).toHaveLength(0);
    const [issue] = result.errors;
    expect(issue.file).toBe(`content/${file}`);
    expect(issue.found).toBe("no such file");
    expect(issue.message).toContain(`content/${file}`);
    expect(issue.message).toContain("expected");
    expect(issue.message).toContain("found no such file");
    expect(result.data[file]).toBeUndefined();
  });
});

describe("validateContent: JSON syntax errors, with line and column", () => {
  type SyntaxCase = {
    title: string;
    file: ContentFileName;
    /** returns the broken text and the offset where the parser stops */
    break: (text: string) => { text: string; offset: number };
  };
  const replaceOnce = (text: string, from: string, to: string): string => {
    const at = text.indexOf(from);
    if (at === -1) throw new Error(`fixture text not found: ${from}`);
    return text.slice(0, at) + to + text.slice(at + from.length);
  };
  const SYNTAX_CASES: SyntaxCase[] = [
    {
      title: "a missing comma between two fields",
      file: "servers.json",
      break: (t) => {
        const text = replaceOnce(t, '"ip": "192.0.2.10",', '"ip": "192.0.2.10"');
        return { text, offset: text.indexOf('"location": "Ashburn') };
      },
    },
    {
      title: "a comma after the last field of a record",
      file: "servers.json",
      break: (t) => {
        const text = replaceOnce(t, "[-6.2603, 53.3498]\n", "[-6.2603, 53.3498],\n");
        return { text, offset: text.indexOf("}", text.indexOf("[-6.2603, 53.3498],")) };
      },
    },
    {
      title: "a missing comma between two records",
      file: "alerts.json",
      break: (t) => {
        const text = replaceOnce(t, "},\n  {", "}\n  {");
        return { text, offset: text.indexOf("{", text.indexOf("}\n  {")) };
      },
    },
    {
      title: "a field name without quotes",
      file: "performance.json",
      break: (t) => {
        const text = replaceOnce(t, '{ "time": "08:00"', '{ time: "08:00"');
        return { text, offset: text.indexOf("time: ") };
      },
    },
    {
      title: "the closing bracket missing at the end",
      file: "security-alerts.json",
      break: (t) => {
        const text = t.slice(0, t.lastIndexOf("]"));
        return { text, offset: text.length };
      },
    },
    {
      title: "a value in single quotes",
      file: "reports.json",
      break: (t) => {
        const text = replaceOnce(t, '"type": "Security"', "\"type\": 'Security'");
        return { text, offset: text.indexOf("'Security'") };
      },
    },
    {
      title: "a comma after the last number of a list",
      file: "servers.json",
      break: (t) => {
        const text = replaceOnce(t, "[8.6821, 50.1109]", "[8.6821, 50.1109,]");
        return { text, offset: text.indexOf("]", text.indexOf("[8.6821, 50.1109,")) };
      },
    },
  ];

  test.each(SYNTAX_CASES.map((c) => [c.title, c] as const))("%s", (_title, c) => {
    const { text, offset } = c.break(ORIGINAL[c.file]);
    expect(() => JSON.parse(text)).toThrow();
    const { line, column } = where(text, offset);
    const result = validateContent(withMutation(setText(c.file, text)));
    expect(result.errors).toHaveLength(1);
    expect(result.warnings).toHaveLength(0);
    const [issue] = result.errors;
    expect(issue.file).toBe(`content/${c.file}`);
    expect(issue.expected).toBe("valid JSON");
    expect(issue.found?.length ?? 0).toBeGreaterThan(0);
    expect(issue.message).toContain(`content/${c.file}`);
    expect(issue.message).toContain("not valid JSON");
    expect(issue.message).toContain(`line ${line}, column ${column}`);
    expect(issue.message.length).toBeLessThan(2000);
    expect(result.data[c.file]).toBeUndefined();
  });
});

describe("validateContent: what is valid", () => {
  const VALID_CASES: Array<[string, Mutation]> = [
    ["an IPv6 server address", set("servers.json", 0, "ip", "2001:db8::1")],
    ["a full IPv6 address", set("servers.json", 3, "ip", "2001:0db8:85a3:0000:0000:8a2e:0370:7334")],
    ["the IPv6 loopback", set("servers.json", 5, "ip", "::1")],
    [
      "an IPv6 server with a matching IPv6 alert",
      (t) => {
        set("servers.json", 4, "ip", "2001:db8::58")(t);
        set("alerts.json", 0, "ip", "2001:db8::58")(t);
      },
    ],
    ["coordinates [-122.6, 53.3]", set("servers.json", 3, "coordinates", [-122.6, 53.3])],
    ["coordinates at the limits [180, -90]", set("servers.json", 3, "coordinates", [180, -90])],
    ["coordinates at the limits [-180, 90]", set("servers.json", 3, "coordinates", [-180, 90])],
    ["uptime 100%", set("servers.json", 0, "uptime", "100%")],
    ["uptime 0%", set("servers.json", 0, "uptime", "0%")],
    ["uptime 100.0%", set("servers.json", 0, "uptime", "100.0%")],
    ["responseTime 0", set("servers.json", 0, "responseTime", 0)],
    ["responseTime 12.5", set("servers.json", 0, "responseTime", 12.5)],
    ["chart time 23:59", set("performance.json", 5, "time", "23:59")],
    [
      "chart uptime 0 and 100",
      edit("performance.json", (r) => {
        r[0].uptime = 0;
        r[1].uptime = 100;
      }),
    ],
    ["report date 2028-02-29 (leap day)", set("reports.json", 0, "date", "2028-02-29")],
    ["a location with extra spaces", set("servers.json", 0, "location", "  Ashburn ,  USA ")],
    ["a text of exactly 32767 characters", set("alerts.json", 0, "message", "z".repeat(32767))],
    ["an empty card note", set("analytics-cards.json", 2, "note", "")],
    [
      "an HTTP check that says how it asks and what it expects",
      set("servers.json", 0, "check", {
        url: "https://a.example.com/health",
        method: "POST",
        body: '{"ping":1}',
        headers: { "Content-Type": "application/json", Authorization: { env: "HEALTH_TOKEN" } },
        expect: {
          status: [200, "3xx", "401-403"],
          bodyContains: "ok",
          bodyLacks: ["maintenance", "error"],
          json: [
            { path: "$.status", equals: "ok" },
            { path: "$.queue.depth", lessThan: 100 },
            { path: "$.checks[?@.ok == false]", exists: false },
            { path: "$.version", matches: "^2\\." },
          ],
          maxResponseMs: 300,
        },
        warnAboveMs: 300,
        bodyLimit: 1048576,
      }),
    ],
    ["a tcp check with maxResponseMs", set("servers.json", 0, "check", { tcp: "db.example.com:5432", expect: { maxResponseMs: 50 } })],
  ];
  test.each(VALID_CASES)("%s gives no issue", (_title, mutate) => {
    const result = validateContent(withMutation(mutate));
    expect(result.issues).toEqual([]);
  });
});

describe("validateContent: empty lists are valid content", () => {
  test.each(FILES.filter((f) => f !== "servers.json"))("[] in %s alone is valid", (file) => {
    expect(validateContent(withMutation(setText(file, "[]"))).issues).toEqual([]);
  });

  it("[] in servers.json with no alerts is valid", () => {
    const result = validateContent(
      withMutation((t) => {
        t["servers.json"] = "[]";
        t["alerts.json"] = "[]";
      }),
    );
    expect(result.issues).toEqual([]);
  });

  it("[] in every file at once is valid", () => {
    const texts = Object.fromEntries(FILES.map((f) => [f, "[ ]\n"])) as ContentTexts;
    const result = validateContent(texts);
    expect(result.issues).toEqual([]);
    for (const f of FILES) expect(result.data[f]).toEqual([]);
  });

  it("alerts that name servers while servers.json is [] are each an error that says it has none", () => {
    const result = validateContent(withMutation(setText("servers.json", "[]")));
    expect(result.errors).toHaveLength(3);
    result.errors.forEach((issue, i) => {
      expect(issue).toMatchObject({ file: A, field: "server", record: { index: i } });
      expect(issue.expected).toContain("servers.json");
      expect(issue.message).toContain(`record ${i + 1}`);
    });
  });
});

describe("validateContent: every problem at once", () => {
  it("reports one problem in each of several files together", () => {
    const texts = withMutation((t) => {
      set("servers.json", 0, "ip", "300.1.1.1")(t);
      set("alerts.json", 0, "type", "critical")(t);
      set("performance.json", 0, "time", "24:00")(t);
      set("reports.json", 0, "date", "2026-02-30")(t);
      t["security-alerts.json"] = null;
      t["analytics-cards.json"] = "";
      t["security-cards.json"] = "[{]";
    });
    const result = validateContent(texts);
    expect(result.errors).toHaveLength(7);
    expect(result.errors.map((i) => i.file).sort()).toEqual(FILES.map((f) => `content/${f}`).sort());
    expect(result.errors.find((i) => i.file === S)?.field).toBe("ip");
    expect(result.errors.find((i) => i.file === A)?.field).toBe("type");
    expect(result.errors.find((i) => i.file === P)?.field).toBe("time");
    expect(result.errors.find((i) => i.file === R)?.field).toBe("date");
  });

  it("reports several problems of one record and of one file", () => {
    const texts = withMutation(
      edit("servers.json", (r) => {
        r[0].ip = "300.1.1.1";
        r[0].uptime = "101%";
        r[0].colour = "green";
        r[5].responseTime = -3;
      }),
    );
    const result = validateContent(texts);
    expect(result.errors.map((i) => [i.record?.index, i.field]).sort()).toEqual([
      [0, "ip"],
      [0, "uptime"],
      [5, "responseTime"],
    ]);
    expect(result.warnings.map((i) => [i.record?.index, i.field])).toEqual([[0, "colour"]]);
  });

  it("reports the same problem in several records separately", () => {
    const texts = withMutation(
      edit("performance.json", (r) => {
        r[1].time = "4:00";
        r[4].time = "16.00";
      }),
    );
    const result = validateContent(texts);
    expect(result.errors.map((i) => i.record?.index)).toEqual([1, 4]);
    expect(result.errors.map((i) => i.message.includes(`record ${(i.record?.index ?? 0) + 1}`))).toEqual([true, true]);
  });
});

describe("validateContent: report files in static/", () => {
  const sizes = (files: string[], bytes = 190) => new Map(files.map((f) => [f, bytes] as const));
  const ALL = ["/reports/monthly-performance-2026-11.csv", "/reports/security-audit-2026-10.csv", "/reports/quarterly-uptime-2026-q3.csv"];

  it("accepts report files that exist, their size told as it is", () => {
    expect(validateContent(validTexts(), { staticFiles: sizes(ALL) }).issues).toEqual([]);
  });

  it("a size that is not the file's is an error naming the real one; a size told to its own precision is not", () => {
    const result = validateContent(validTexts(), { staticFiles: sizes(ALL, 2_516_582) });
    expect(result.errors).toHaveLength(3);
    expect(result.errors[0]).toMatchObject({ file: R, field: "size", record: { index: 0, id: "rep-1" } });
    expect(result.errors[0].message).toContain('"2.4 MB": static/reports/monthly-performance-2026-11.csv is 2,516,582 bytes');
    expect(sizeWords(2_516_582)).toBe("2.4 MB");
    expect(sizeWords(190)).toBe("0.2 KB");
    expect(sizeWords(42)).toBe("42 B");
    const texts = validTexts();
    const reports = JSON.parse(texts["reports.json"]!) as Array<{ size: string }>;
    for (const [i, size] of ["2 MB", "2.40 mb", "2.4MB"].entries()) reports[[0, 1, 3][i]].size = size;
    texts["reports.json"] = JSON.stringify(reports);
    expect(validateContent(texts, { staticFiles: sizes(ALL, 2_516_582) }).errors).toEqual([]);
  });

  it("names a report file that does not exist", () => {
    const staticFiles = sizes(["/reports/monthly-performance-2026-11.csv", "/reports/security-audit-2026-10.csv"]);
    const result = validateContent(validTexts(), { staticFiles });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ file: R, field: "file", record: { index: 3, id: "rep-4" } });
    expect(result.errors[0].message).toContain("quarterly-uptime-2026-q3.csv");
  });
});

describe("validateContent: files in content/ the site does not know", () => {
  const jobFiles = [
    "checks/latest.json",
    "checks/alerts.json",
    "checks/history.json",
    "checks/.lock",
    "checks/latest.json.damaged-2026-01-01T00-00-00-000Z",
    "checks/history.json.123.abc.tmp",
    "checks/servers/srv-us-east-1.json",
    "checks/servers/srv-us-east-1.json.damaged-2026-01-01T00-00-00-000Z",
    "checks/servers/srv-us-east-1.json.123.abc.tmp",
    // The job's incident drafts for the editors (#47), and its memory of them.
    "checks/drafts.json",
    "drafts/draft-srv-us-east-1-20261129T100501Z.json",
  ];
  const folder = [...FILES, ...jobFiles, "schema/servers.schema.json", ".gitkeep"];

  it("the content files, the schemas and the check job's own files raise nothing", () => {
    expect(validateContent(validTexts(), { folderFiles: folder }).issues).toEqual([]);
  });

  it("names each other file in a warning that says it was left out, and the build goes on", () => {
    const result = validateContent(validTexts(), {
      folderFiles: [...folder, "notes.json", "checks/old-latest.json", "old/servers.json", "checks/servers/notes.txt"],
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.file)).toEqual([
      "content/checks/old-latest.json",
      "content/checks/servers/notes.txt",
      "content/notes.json",
      "content/old/servers.json",
    ]);
    expect(result.warnings[2].message).toContain("content/notes.json is not a content file the site knows; it was left out");
    expect(formatReport(result)).toContain("The content is valid, with 4 warnings");
  });
});

describe("describeFound", () => {
  it.each<[unknown, string]>([
    [undefined, "nothing (the field is missing)"],
    [null, "null"],
    ["abc", '"abc"'],
    [42, "number 42"],
    [-1.5, "number -1.5"],
    [true, "boolean true"],
    [[1, 2], "a list [1,2]"],
    [{ a: 1 }, 'an object {"a":1}'],
  ])("%p -> %s", (value, text) => {
    expect(describeFound(value)).toBe(text);
  });

  it("never repeats a long text, only its length and a start", () => {
    const found = describeFound("q".repeat(40000));
    expect(found).toContain("40000");
    expect(found.length).toBeLessThan(100);
  });

  it("summarises a long list and a big object", () => {
    expect(describeFound(Array.from({ length: 100 }, (_, i) => i))).toBe("a list of 100 items");
    expect(describeFound({ text: "w".repeat(500) }).length).toBeLessThan(100);
  });
});

describe("lineAndColumn", () => {
  const text = "ab\ncde\n\nf";
  it.each<[number, number, number]>([
    [0, 1, 1],
    [1, 1, 2],
    [2, 1, 3],
    [3, 2, 1],
    [5, 2, 3],
    [7, 3, 1],
    [8, 4, 1],
    [9, 4, 2],
  ])("offset %p is line %p, column %p", (offset, line, column) => {
    expect(lineAndColumn(text, offset)).toEqual({ line, column });
    expect(where(text, offset)).toEqual({ line, column });
  });

  it("clamps offsets outside the text", () => {
    expect(lineAndColumn(text, -5)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn(text, 999)).toEqual({ line: 4, column: 2 });
  });
});

describe("formatReport", () => {
  it("says the content is valid when there is nothing", () => {
    const report = formatReport(validateContent(validTexts()));
    expect(report).toBe("The content is valid.");
  });

  it("lists warnings when there are no errors, with their count", () => {
    const result = validateContent(withMutation(set("servers.json", 5, "status", "maintenance")));
    const report = formatReport(result);
    expect(report).toMatch(/valid, with 1 warning\b/);
    expect(report).not.toMatch(/error/);
    expect(report).toContain(result.warnings[0].message);
  });

  it("counts errors and warnings and prints every message, errors first", () => {
    const result = validateContent(
      withMutation((t) => {
        set("servers.json", 0, "ip", "300.1.1.1")(t);
        set("servers.json", 5, "status", "maintenance")(t);
        set("alerts.json", 2, "ip", "198.51.100.99")(t);
        set("reports.json", 0, "type", "Weekly")(t);
        t["performance.json"] = null;
      }),
    );
    expect(result.errors).toHaveLength(3);
    expect(result.warnings).toHaveLength(2);
    const report = formatReport(result);
    const lines = report.split("\n");
    expect(lines[0]).toContain("3 errors");
    expect(lines[0]).toContain("2 warnings");
    for (const issue of result.issues) expect(report).toContain(issue.message);
    const lastError = Math.max(...result.errors.map((e) => report.indexOf(e.message)));
    const firstWarning = Math.min(...result.warnings.map((w) => report.indexOf(w.message)));
    expect(lastError).toBeLessThan(firstWarning);
    for (const e of result.errors) expect(lines.find((l) => l.includes(e.message))).toMatch(/error/);
    for (const w of result.warnings) expect(lines.find((l) => l.includes(w.message))).toMatch(/warning/);
  });

  it("uses the singular for one error", () => {
    const report = formatReport(validateContent(withMutation(setText("reports.json", null))));
    expect(report.split("\n")[0]).toMatch(/\b1 error\b/);
    expect(report.split("\n")[0]).not.toMatch(/1 errors/);
  });
});

describe("validateContent: the check job's files", () => {
  /** servers.json with a check on the first server, and the job's files as given. */
  const withChecks = (files: { latest?: unknown; alerts?: unknown; latestText?: string }): ContentTexts => {
    const texts = withMutation(set("servers.json", 0, "check", { url: "https://status.example.com/health" }));
    if (files.latestText !== undefined) texts["checks/latest.json"] = files.latestText;
    else if (files.latest !== undefined) texts["checks/latest.json"] = JSON.stringify(files.latest, null, 2);
    if (files.alerts !== undefined) texts["checks/alerts.json"] = JSON.stringify(files.alerts, null, 2);
    return texts;
  };
  const result = (server = "srv-us-east-1", status = "online") => ({
    server,
    status,
    responseTime: 45,
    checkedAt: "2026-11-23T10:40:00.000Z",
    detail: "HTTP 200 in 45 ms",
    uptimeUp: 10,
    uptimeTotal: 10,
  });
  const latest = (results: unknown[]) => ({
    version: 1,
    startedAt: "2026-11-23T10:40:00.000Z",
    finishedAt: "2026-11-23T10:40:01.000Z",
    intervalSeconds: 300,
    results,
    performance: [{ time: "08:00", responseTime: 45, uptime: 100 }],
  });
  const alert = {
    id: "check-srv-us-east-1-20261123T104000Z-offline",
    server: "US-East-1",
    type: "error",
    message: "Server offline: connection refused",
    ip: "192.0.2.10",
    location: "Ashburn, USA",
    timestamp: "2026-11-23T10:40:00.000Z",
  };

  it("are optional: a site without checks has none", () => {
    expect(validateContent(validTexts()).issues).toEqual([]);
  });

  it("valid files give no issue, and their data is handed on", () => {
    const checked = validateContent(withChecks({ latest: latest([result()]), alerts: [alert] }));
    expect(checked.issues).toEqual([]);
    expect(checked.data["checks/latest.json"]?.results).toHaveLength(1);
    expect(checked.data["checks/alerts.json"]).toHaveLength(1);
  });

  it("a result with an unknown status names the file and the field", () => {
    const { errors } = validateContent(withChecks({ latest: latest([result("srv-us-east-1", "up")]) }));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe(
      'content/checks/latest.json, field "results[0].status": expected online, warning or offline, found "up".',
    );
  });

  it("a file that is not JSON says where it breaks", () => {
    const { errors } = validateContent(withChecks({ latestText: '{"version": 1,,}' }));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/^content\/checks\/latest\.json, line 1, column 15: this is not valid JSON/);
  });

  it("a missing field of the run is named", () => {
    const { startedAt: _s, ...withoutStart } = latest([result()]);
    const { errors } = validateContent(withChecks({ latest: withoutStart }));
    expect(errors.map((e) => e.message)).toEqual([
      'content/checks/latest.json, field "startedAt": expected an ISO 8601 date and time, found nothing (the field is missing).',
    ]);
  });

  it("a result for a server that has no check (or is gone) is a warning: it is ignored", () => {
    const { errors, warnings } = validateContent(withChecks({ latest: latest([result(), result("srv-eu-west-1")]) }));
    expect(errors).toEqual([]);
    expect(warnings.map((w) => w.message)).toEqual([
      'content/checks/latest.json, field "results[1].server": expected the id of a server with a check in servers.json, found "srv-eu-west-1". The result is ignored; the next run of npm run check leaves it out.',
    ]);
  });

  it("two results for one server are an error", () => {
    const { errors } = validateContent(withChecks({ latest: latest([result(), result()]) }));
    expect(errors.map((e) => e.field)).toEqual(["results[1].server"]);
  });

  it("two of the job's alerts with one id are an error, like the editors'", () => {
    const { errors } = validateContent(withChecks({ alerts: [alert, alert] }));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain(
      'content/checks/alerts.json, record 2 (id "check-srv-us-east-1-20261123T104000Z-offline"), field "id"',
    );
  });
});

describe("validateContent: a server's id names files and addresses (#44)", () => {
  const withId = (id: string) => validateContent(withMutation(set("servers.json", 5, "id", id)));
  const idErrors = (result: ValidationResult) => result.errors.filter((e) => e.field === "id");

  it.each(["CON", "con", "Nul", "aux.json", "COM1", "lpt9.backup"])("%s, a device's name on Windows, is refused with why", (id) => {
    const [issue, ...more] = idErrors(withId(id));
    expect(more).toEqual([]);
    expect(issue.message).toMatch(/^content\/servers\.json, record 6 .*field "id": expected an id that every file system and URL keeps/);
    expect(issue.message).toContain("a device's name on Windows");
  });

  it("an id ending with a dot is refused with why", () => {
    expect(
      idErrors(withId("srv-eu."))
        .map((e) => e.message)
        .join(),
    ).toContain("ends with a dot");
  });

  it.each(["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "console", "con-1", "com10", "nul_", "srv.v2"])(
    "%s is an ordinary id",
    (id) => {
      expect(idErrors(withId(id))).toEqual([]);
    },
  );

  it("two ids that differ only in case are one file on many systems: the second is refused", () => {
    const result = validateContent(
      withMutation((t) => {
        set("servers.json", 4, "id", "srv-x")(t);
        set("servers.json", 5, "id", "SRV-X")(t);
      }),
    );
    expect(idErrors(result).map((e) => e.message)).toEqual([expect.stringContaining('"SRV-X", already used by record 5')]);
  });
});
