/** @jest-environment node */
/**
 * What an HTTP check expects of an answer (issue #23): the status as a code, a
 * list or a range, texts in the body or not, conditions on a JSON body, and the
 * response time. Each failed condition is named in the detail with what was
 * found, in a few words of text whatever the server sent.
 */
import { checkTarget, parseStatusSpec, DEFAULT_BODY_LIMIT, MAX_BODY_LIMIT, type CheckConfig } from "../../../src/domain/checks/definition";
import { type ProbeOutcome } from "../../../src/domain/checks/outcome";
import { judge } from "../../../src/domain/checks/judge";
import { jsonPathProblem } from "../../../src/domain/checks/conditions";

const URL_ = "https://api.example.com/health";

/** Judges an answer with this status, body and time against a check written as editors write it. */
function judged(
  check: Omit<CheckConfig, "url">,
  answer: { status?: number; body?: string; cut?: "limit" | "time" | "closed"; ms?: number },
) {
  const target = checkTarget({ url: URL_, ...check });
  if (!target) throw new Error("not a check");
  const body =
    answer.body === undefined ? {} : { body: { text: answer.body, bytes: Buffer.byteLength(answer.body), cut: answer.cut ?? null } };
  const outcome: ProbeOutcome = { kind: "answered", ms: answer.ms ?? 40, httpStatus: answer.status ?? 200, ...body };
  return judge(outcome, target);
}

describe("the status a check expects", () => {
  it("reads a code, a list, a class such as 2xx and a range such as 200-299", () => {
    expect(parseStatusSpec(204)).toEqual([{ from: 204, to: 204, label: "204" }]);
    expect(parseStatusSpec("2xx")).toEqual([{ from: 200, to: 299, label: "2xx" }]);
    expect(parseStatusSpec("200-206")).toEqual([{ from: 200, to: 206, label: "200-206" }]);
    expect(parseStatusSpec([200, "3xx", 401])).toEqual([
      { from: 200, to: 200, label: "200" },
      { from: 300, to: 399, label: "3xx" },
      { from: 401, to: 401, label: "401" },
    ]);
  });

  it.each<[unknown]>([["6xx"], ["2XX0"], ["299-200"], [99], [600], ["ok"], [[]], [[200, "nope"]], [2.5]])("refuses %p", (spec) => {
    expect(parseStatusSpec(spec as never)).toBeNull();
  });

  it("a status within the list is up; one outside it is offline and names what was expected", () => {
    expect(judged({ expect: { status: [200, 204] } }, { status: 204 }).status).toBe("online");
    expect(judged({ expect: { status: "2xx" } }, { status: 302 })).toMatchObject({
      status: "offline",
      detail: "unexpected HTTP status 302 (expected 2xx)",
    });
    expect(judged({ expect: { status: [200, "3xx"] } }, { status: 500 }).detail).toBe("unexpected HTTP status 500 (expected 200 or 3xx)");
  });

  it("expectStatus stays an alias of expect.status", () => {
    expect(judged({ expectStatus: 204 }, { status: 200 }).detail).toBe("unexpected HTTP status 200 (expected 204)");
    expect(judged({ expectStatus: 204 }, { status: 204 }).status).toBe("online");
  });
});

describe("texts in the body", () => {
  const maintenance = "<html><body><h1>Down for maintenance</h1><p>Back at 14:00.</p></body></html>";

  it("bodyLacks catches a 200 maintenance page, and says where the text was found", () => {
    const result = judged({ expect: { bodyLacks: "maintenance" } }, { body: maintenance });
    expect(result.status).toBe("offline");
    expect(result.detail).toMatch(/^HTTP 200 in 40 ms, but bodyLacks "maintenance": found in "[^"]*Down for maintenance[^"]*"$/);
    expect(judged({ expect: { bodyLacks: ["maintenance", "error"] } }, { body: "all good" }).status).toBe("online");
  });

  it("bodyContains passes when every text is there and fails naming the missing one", () => {
    expect(judged({ expect: { bodyContains: ["Welcome", "shop"] } }, { body: "Welcome to the shop" }).status).toBe("online");
    expect(judged({ expect: { bodyContains: ["Welcome", "basket"] } }, { body: "Welcome to the shop" })).toMatchObject({
      status: "offline",
      detail: 'HTTP 200 in 40 ms, but bodyContains "basket": not in the body (19 bytes)',
    });
  });

  it("a body cut at the limit says so when a condition could not be decided", () => {
    const kb16 = "x".repeat(DEFAULT_BODY_LIMIT);
    const contains = judged({ expect: { bodyContains: "</html>" } }, { body: kb16, cut: "limit" });
    expect(contains.status).toBe("offline");
    expect(contains.detail).toBe(
      'HTTP 200 in 40 ms, but bodyContains "</html>": not in the first 16 KB, where the body was cut (bodyLimit reads up to 1 MB)',
    );
    const lacks = judged({ expect: { bodyLacks: "maintenance" } }, { body: kb16, cut: "limit" });
    expect(lacks.status).toBe("offline");
    expect(lacks.detail).toContain('bodyLacks "maintenance": undecided, not in the first 16 KB, where the body was cut');
    // What was read decides what it can: a text found before the cut is found.
    expect(judged({ expect: { bodyContains: "xxx" } }, { body: kb16, cut: "limit" }).status).toBe("online");
    expect(judged({ expect: { bodyContains: "</html>" } }, { body: "<html>", cut: "time" }).detail).toContain(
      "not in the 6 bytes read before the timeout",
    );
  });

  it("a server's text in a detail is short plain text: no line breaks or control characters, bounded", () => {
    const hostile = `${"a".repeat(300)}\n<script>alert(1)</script>\u0000\u001b[31m maintenance \r\n${"b".repeat(5000)}`;
    const { detail } = judged({ expect: { bodyLacks: "maintenance" } }, { body: hostile });
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(detail).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(detail.length).toBeLessThanOrEqual(200);
    expect(detail).toContain("maintenance");
  });
});

describe("conditions on a JSON body", () => {
  const health = JSON.stringify({
    status: "degraded",
    version: "2.4.1",
    queue: { depth: 250, workers: 4 },
    checks: [
      { name: "db", ok: true },
      { name: "cache", ok: false },
    ],
  });
  const json = (conditions: NonNullable<CheckConfig["expect"]>["json"]) => judged({ expect: { json: conditions } }, { body: health });

  it("equals and notEquals compare JSON values", () => {
    expect(json([{ path: "$.version", equals: "2.4.1" }]).status).toBe("online");
    expect(json([{ path: "$.queue", equals: { depth: 250, workers: 4 } }]).status).toBe("online");
    expect(json([{ path: "$.status", equals: "ok" }])).toMatchObject({
      status: "offline",
      detail: 'HTTP 200 in 40 ms, but json $.status equals "ok": found "degraded"',
    });
    expect(json([{ path: "$.status", notEquals: "degraded" }]).detail).toBe(
      'HTTP 200 in 40 ms, but json $.status notEquals "degraded": found "degraded"',
    );
  });

  it("lessThan and greaterThan compare numbers, and a value that is not one fails", () => {
    expect(json([{ path: "$.queue.depth", lessThan: 1000 }]).status).toBe("online");
    expect(json([{ path: "$.queue.depth", lessThan: 100 }]).detail).toBe(
      "HTTP 200 in 40 ms, but json $.queue.depth lessThan 100: found 250",
    );
    expect(json([{ path: "$.queue.workers", greaterThan: 4 }]).detail).toBe(
      "HTTP 200 in 40 ms, but json $.queue.workers greaterThan 4: found 4",
    );
    expect(json([{ path: "$.version", greaterThan: 1 }]).detail).toBe(
      'HTTP 200 in 40 ms, but json $.version greaterThan 1: found "2.4.1", not a number',
    );
  });

  it("matches tests a regular expression on a text", () => {
    expect(json([{ path: "$.version", matches: "^2\\." }]).status).toBe("online");
    expect(json([{ path: "$.version", matches: "^3\\." }]).detail).toBe(
      'HTTP 200 in 40 ms, but json $.version matches /^3\\./: found "2.4.1"',
    );
  });

  it("exists says whether the path selects anything", () => {
    expect(json([{ path: "$.queue.depth", exists: true }]).status).toBe("online");
    expect(json([{ path: "$.database", exists: false }]).status).toBe("online");
    expect(json([{ path: "$.database", exists: true }]).detail).toBe("HTTP 200 in 40 ms, but json $.database exists: found nothing");
    expect(json([{ path: "$.queue", exists: false }]).detail).toBe("HTTP 200 in 40 ms, but json $.queue exists false: found 1 value");
  });

  it("a path that selects nothing fails a comparison, and one that selects several needs every value to pass", () => {
    expect(json([{ path: "$.database", equals: "up" }]).detail).toBe('HTTP 200 in 40 ms, but json $.database equals "up": found nothing');
    expect(json([{ path: "$.checks[*].ok", equals: true }]).detail).toBe(
      "HTTP 200 in 40 ms, but json $.checks[*].ok equals true: found false at $['checks'][1]['ok']",
    );
    expect(json([{ path: "$.checks[?@.name == 'db'].ok", equals: true }]).status).toBe("online");
  });

  it("names every failed condition, and stays short", () => {
    const result = json([
      { path: "$.status", equals: "ok" },
      { path: "$.queue.depth", lessThan: 100 },
      { path: "$.version", equals: "x".repeat(400) },
    ]);
    expect(result.detail).toContain('json $.status equals "ok": found "degraded"; json $.queue.depth lessThan 100: found 250');
    expect(result.detail.length).toBeLessThanOrEqual(400);
  });

  it("a body that is not JSON, or was cut, cannot be judged: offline, and said", () => {
    expect(judged({ expect: { json: [{ path: "$.status", equals: "ok" }] } }, { body: "<!doctype html><p>Bad gateway</p>" }).detail).toBe(
      'HTTP 200 in 40 ms, but json $.status: the body is not JSON (it begins "<!doctype html><p>Bad gateway</p>")',
    );
    const cut = judged(
      { expect: { json: [{ path: "$.status", equals: "ok" }] } },
      { body: '{"status": "ok", "items": [1, 2', cut: "limit" },
    );
    expect(cut.status).toBe("offline");
    expect(cut.detail).toContain("json $.status: undecided, the body was cut at");
  });

  it("knows a JSONPath from a mistake", () => {
    expect(jsonPathProblem("$.checks[?@.ok == true].name")).toBeNull();
    expect(jsonPathProblem("$.a[")).toMatch(/unclosed/);
    expect(jsonPathProblem("status")).toMatch(/\$/);
  });
});

describe("the response time", () => {
  it("maxResponseMs is the warning threshold; warnAboveMs stays its alias", () => {
    expect(judged({ expect: { maxResponseMs: 300 } }, { ms: 320 })).toMatchObject({
      status: "warning",
      detail: "HTTP 200 in 320 ms, over the 300 ms threshold",
    });
    expect(judged({ warnAboveMs: 300 }, { ms: 280 }).status).toBe("online");
    expect(checkTarget({ tcp: "db.example.com:5432", expect: { maxResponseMs: 30 } })?.warnAboveMs).toBe(30);
  });

  it("a failed condition wins over a slow answer: offline, not warning", () => {
    expect(judged({ expect: { maxResponseMs: 100, bodyContains: "ok" } }, { ms: 300, body: "nope" }).status).toBe("offline");
  });
});

describe("what a check says and sends", () => {
  it("GET by default, reading 16 KB; HEAD and POST with a body; up to 1 MB read when asked", () => {
    expect(checkTarget({ url: URL_ })).toMatchObject({ method: "GET", body: null, headers: [], bodyLimit: DEFAULT_BODY_LIMIT });
    expect(checkTarget({ url: URL_, method: "HEAD" })).toMatchObject({ method: "HEAD" });
    expect(checkTarget({ url: URL_, method: "POST", body: '{"ping":1}', bodyLimit: MAX_BODY_LIMIT })).toMatchObject({
      method: "POST",
      body: '{"ping":1}',
      bodyLimit: 1024 * 1024,
    });
    expect(checkTarget({ url: URL_ }, { bodyLimit: 65536 })).toMatchObject({ bodyLimit: 65536 });
  });

  it("keeps a header's value or the name of its variable, never reading the environment itself", () => {
    const target = checkTarget({ url: URL_, headers: { Accept: "application/json", Authorization: { env: "HEALTH_TOKEN" } } });
    expect(target).toMatchObject({
      headers: [
        { name: "Accept", value: "application/json" },
        { name: "Authorization", env: "HEALTH_TOKEN" },
      ],
    });
  });

  it("a header whose variable is not set: the check is not sent, offline, and the detail names the variable, not a value", () => {
    const target = checkTarget({ url: URL_, headers: { Authorization: { env: "HEALTH_TOKEN" } } })!;
    expect(judge({ kind: "failed", reason: "unset-variable", message: "HEALTH_TOKEN (header Authorization)" }, target)).toEqual({
      status: "offline",
      responseTime: null,
      detail: "not checked: the variable HEALTH_TOKEN (header Authorization) is not set in the check job's environment",
    });
  });
});
