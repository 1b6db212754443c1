/**
 * Property-based tests of the judging (#30): whatever a server sends, and
 * whatever conditions an editor wrote, judging never throws, and its words are
 * one line of plain text within bounds. Generated answers, not only examples.
 */
import fc from "fast-check";
import { bodyFailures, jsonDepth, MAX_JSON_DEPTH } from "../../../src/domain/checks/conditions";
import { plainText } from "../../../src/domain/kernel/plainText";
import { checkTarget, type CheckConfig, type JsonCondition } from "../../../src/domain/checks/definition";
import { type ProbeOutcome, type ReadBody } from "../../../src/domain/checks/outcome";
import { judge } from "../../../src/domain/checks/judge";

/** Control, bidirectional and invisible characters: none may reach a detail. */
// eslint-disable-next-line no-control-regex
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/** Text as servers send it: any code point, with a good share of the hostile ones. */
const hostileChar = fc.constantFrom(
  "\u202e",
  "\u2066",
  "\u200b",
  "\u0000",
  "\u001b[31m",
  "\n",
  "\ud83d",
  "\ude00",
  "](",
  "*",
  "<b>",
  "\\",
  '"',
);
const serverText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), hostileChar), { maxLength: 60 }).map((parts) => parts.join("")),
);

/** JSON that nests: arrays and objects to a depth the generator picks (up to twice the limit). */
const nested = fc.integer({ min: 0, max: MAX_JSON_DEPTH * 2 }).chain((depth) =>
  fc.constantFrom("[", '{"a":').map((open) => {
    const close = open === "[" ? "]" : "}";
    return `${open.repeat(depth)}"ok"${close.repeat(depth)}`;
  }),
);

const bodyText = fc.oneof(
  fc.json({ maxDepth: 6 }),
  nested,
  serverText,
  fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
);

const readBody: fc.Arbitrary<ReadBody> = fc.record({
  text: bodyText,
  bytes: fc.nat({ max: 2_000_000 }),
  cut: fc.constantFrom(null, "limit", "time", "closed"),
  problem: fc.option(serverText, { nil: undefined }),
  unreadable: fc.option(serverText, { nil: undefined }),
});

/** Editors' conditions, hostile patterns and descendant paths included. */
const pattern = fc.constantFrom("^(a+)+$", "(x+x+)+y", "\\d+x", "^ok$", "^(ok|degraded)$", "(a|aa)+$", "é+", "^\\p{L}+$");
const path = fc.constantFrom("$", "$.status", "$..status", "$..*", "$[*]", "$.a.a.a", "$[?match(@, '(a+)+$')]", "$[?search(@.v, @.p)]");
const condition: fc.Arbitrary<JsonCondition> = fc.oneof(
  fc.record({ path, equals: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ path, notEquals: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ path, lessThan: fc.double({ noNaN: true }) }),
  fc.record({ path, greaterThan: fc.double({ noNaN: true }) }),
  fc.record({ path, matches: pattern }),
  fc.record({ path, exists: fc.boolean() }),
);

const check: fc.Arbitrary<CheckConfig> = fc.record({
  url: fc.constantFrom("https://shop.example.com/health", "http://192.0.2.1:8080/"),
  certificate: fc.boolean(),
  expect: fc.record({
    status: fc.constantFrom("2xx", 200, [200, 204], "200-299"),
    bodyContains: fc.array(serverText, { maxLength: 2 }),
    bodyLacks: fc.array(serverText, { maxLength: 2 }),
    json: fc.array(condition, { maxLength: 3 }),
  }),
});

const answered: fc.Arbitrary<ProbeOutcome> = fc.record({
  kind: fc.constant("answered" as const),
  ms: fc.oneof(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.constantFrom(Number.NaN, Infinity, -1)),
  httpStatus: fc.integer({ min: 0, max: 999 }),
  redirectTo: fc.option(serverText, { nil: undefined }),
  redirectLoop: fc.option(serverText, { nil: undefined }),
  redirects: fc.option(fc.nat({ max: 10 }), { nil: undefined }),
  body: fc.option(readBody, { nil: undefined }),
  certificate: fc.option(
    fc.record({
      validFrom: fc.constant("2026-01-01T00:00:00.000Z"),
      validTo: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    }),
    { nil: undefined },
  ),
});

const failed: fc.Arbitrary<ProbeOutcome> = fc.record({
  kind: fc.constant("failed" as const),
  reason: fc.constantFrom("timeout", "dns-timeout", "refused", "dns", "tls", "certificate", "network", "unset-variable"),
  message: fc.option(serverText, { nil: undefined }),
});

/** No half of a pair alone (String.prototype.isWellFormed, which this project's TypeScript library does not declare). */
const wellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
const plainEnough = (detail: string) => !UNSEEN.test(detail) && detail.length <= 400 && wellFormed(detail);

describe("judging never throws (fast-check)", () => {
  it("for any answer, any body and any conditions, it returns a status and plain words", () => {
    fc.assert(
      fc.property(fc.oneof(answered, failed), check, (outcome, config) => {
        const target = checkTarget(config)!;
        const judgement = judge(outcome, target, new Date("2026-11-26T12:00:00Z"));
        expect(["online", "warning", "offline"]).toContain(judgement.status);
        expect(plainEnough(judgement.detail)).toBe(true);
        expect(judgement.responseTime === null || Number.isFinite(judgement.responseTime)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("bodyFailures never throws, and every failure it gives is words", () => {
    fc.assert(
      fc.property(readBody, fc.array(condition, { maxLength: 4 }), fc.array(serverText, { maxLength: 2 }), (body, json, contains) => {
        const failures = bodyFailures({ status: null, bodyContains: contains, bodyLacks: contains, json }, body);
        for (const failure of failures) expect(typeof failure).toBe("string");
      }),
      { numRuns: 400 },
    );
  });

  it("an answer nested past the limit is said to nest too deeply, not thrown", () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_JSON_DEPTH + 1, max: 100_000 }), fc.constantFrom("$..a", "$.a", "$..*"), (depth, p) => {
        const text = `${"[".repeat(depth)}${"]".repeat(depth)}`;
        const failures = bodyFailures(
          { status: null, bodyContains: [], bodyLacks: [], json: [{ path: p, exists: true }] },
          { text, bytes: text.length, cut: null },
        );
        expect(failures).toEqual([`json ${p}: the answer nests too deeply to judge (more than ${MAX_JSON_DEPTH} levels)`]);
      }),
      { numRuns: 50 },
    );
  });
});

describe("plainText (fast-check)", () => {
  it("gives one line, no control, bidirectional or invisible character, within the length, never half a character", () => {
    fc.assert(
      fc.property(serverText, fc.integer({ min: 2, max: 400 }), (text, max) => {
        const flat = plainText(text, max);
        expect(UNSEEN.test(flat)).toBe(false);
        expect(flat.length).toBeLessThanOrEqual(max);
        // A cut never splits a pair, and a lone half the server sent is shown as U+FFFD.
        expect(wellFormed(flat)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("jsonDepth (fast-check)", () => {
  /** The depth of a parsed value, walked without recursion. */
  function depthOf(value: unknown): number {
    let deepest = 0;
    const stack: Array<[unknown, number]> = [[value, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!;
      if (node !== null && typeof node === "object") {
        deepest = Math.max(deepest, depth + 1);
        for (const child of Object.values(node)) stack.push([child, depth + 1]);
      }
    }
    return deepest;
  }

  it("counts what JSON.parse would nest, strings with brackets and escapes skipped", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value);
        expect(jsonDepth(text, 1000)).toBe(depthOf(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });
});
