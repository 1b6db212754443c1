/** @jest-environment node */
import {
  CHECK_CONCURRENCY,
  CHECK_START_SPACING_MS,
  DEFAULT_CONFIRM_RUNS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_WARN_ABOVE_MS,
  DNS_TIMEOUT_MS,
  RETRY_PAUSE_MS,
  checkTarget,
  parseStatusSpec,
  type CheckTarget,
} from "../../../src/domain/checks/definition";
import { worthMeasuringAgain, type ProbeOutcome } from "../../../src/domain/checks/outcome";
import { formatDuration } from "../../../src/domain/kernel/time";
import { judge } from "../../../src/domain/checks/judge";

const httpTarget = (over: Partial<Extract<CheckTarget, { kind: "http" }>> = {}): CheckTarget => ({
  kind: "http",
  url: new URL("https://example.com/health"),
  method: "GET",
  body: null,
  headers: [],
  expect: { status: null, bodyContains: [], bodyLacks: [], json: [] },
  bodyLimit: 16 * 1024,
  followRedirects: true,
  certificate: null,
  httpRedirect: null,
  heartbeat: null,
  relay: null,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  warnAboveMs: DEFAULT_WARN_ABOVE_MS,
  confirmRuns: { warning: 2, offline: 1 },
  flapping: { changes: 4, minutes: 60 },
  ...over,
});

const tcpTarget = (over: Partial<Extract<CheckTarget, { kind: "tcp" }>> = {}): CheckTarget => ({
  kind: "tcp",
  host: "db.example.com",
  port: 5432,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  warnAboveMs: DEFAULT_WARN_ABOVE_MS,
  confirmRuns: { warning: 2, offline: 1 },
  flapping: { changes: 4, minutes: 60 },
  ...over,
});

describe("the defaults of the check job", () => {
  it("waits 10 s, warns above 150 ms and has at most 1,000 probes in flight, started at least 2 ms apart", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(DEFAULT_WARN_ABOVE_MS).toBe(150);
    expect(CHECK_CONCURRENCY).toBe(1000);
    expect(CHECK_START_SPACING_MS).toBe(2);
  });

  // Protects the defaults: 2 runs between online and warning, 1 into and out of offline
  // (after the in-run retry), a name resolved within 5 s, a retry after 500 ms.
  it("confirms a warning after 2 runs and offline after 1, resolves within 5 s and retries after 500 ms", () => {
    expect(DEFAULT_CONFIRM_RUNS).toEqual({ warning: 2, offline: 1 });
    expect(DNS_TIMEOUT_MS).toBe(5000);
    expect(RETRY_PAUSE_MS).toBe(500);
  });
});

describe("checkTarget", () => {
  it("makes an http target from an https url with the default timeout and threshold", () => {
    const target = checkTarget({ url: "https://example.com/health" });
    expect(target).toEqual({
      kind: "http",
      url: new URL("https://example.com/health"),
      method: "GET",
      body: null,
      headers: [],
      expect: { status: null, bodyContains: [], bodyLacks: [], json: [] },
      bodyLimit: 16 * 1024,
      followRedirects: true,
      certificate: null,
      httpRedirect: null,
      heartbeat: null,
      relay: null,
      timeoutMs: 10_000,
      warnAboveMs: 150,
      confirmRuns: { warning: 2, offline: 1 },
      flapping: { changes: 4, minutes: 60 },
    });
    expect(target?.kind === "http" && target.url.href).toBe("https://example.com/health");
  });

  it("asks plain HTTP for its redirect only on an https check that says so, on port 80 unless told (#34)", () => {
    const target = (check: Parameters<typeof checkTarget>[0]) => {
      const t = checkTarget(check);
      return t?.kind === "http" ? t.httpRedirect : undefined;
    };
    expect(target({ url: "https://example.com/", httpRedirect: true })).toEqual({ port: 80 });
    expect(target({ url: "https://example.com/", httpRedirect: true, httpPort: 8080 })).toEqual({ port: 8080 });
    expect(target({ url: "http://example.com/", httpRedirect: true })).toBeNull();
    expect(target({ url: "https://example.com/" })).toBeNull();
  });

  it("accepts plain http and keeps the expected status, timeout and threshold written", () => {
    const target = checkTarget({ url: "http://10.0.0.1:8080/ping", expectStatus: 204, timeoutMs: 2500, warnAboveMs: 80 });
    expect(target).toEqual({
      kind: "http",
      url: new URL("http://10.0.0.1:8080/ping"),
      method: "GET",
      body: null,
      headers: [],
      expect: { status: parseStatusSpec(204), bodyContains: [], bodyLacks: [], json: [] },
      bodyLimit: 16 * 1024,
      followRedirects: true,
      certificate: null,
      httpRedirect: null,
      heartbeat: null,
      relay: null,
      timeoutMs: 2500,
      warnAboveMs: 80,
      confirmRuns: { warning: 2, offline: 1 },
      flapping: { changes: 4, minutes: 60 },
    });
  });

  it.each(["ftp://example.com/file", "file:///etc/passwd", "ws://example.com/socket", "mailto:ops@example.com"])(
    "rejects the non-http url %j",
    (url) => {
      expect(checkTarget({ url })).toBeNull();
    },
  );

  it.each(["not a url", "", "example.com/health", "https://"])("rejects the unparseable url %j", (url) => {
    expect(checkTarget({ url })).toBeNull();
  });

  it("prefers the url when both a url and tcp are written", () => {
    expect(checkTarget({ url: "https://example.com/", tcp: "example.com:22" })?.kind).toBe("http");
  });

  it("does not fall back to tcp when the url is unusable", () => {
    expect(checkTarget({ url: "ftp://example.com/", tcp: "example.com:22" })).toBeNull();
  });

  it("makes a tcp target from host:port with the defaults", () => {
    expect(checkTarget({ tcp: "db.example.com:5432" })).toEqual({
      kind: "tcp",
      host: "db.example.com",
      port: 5432,
      timeoutMs: 10_000,
      warnAboveMs: 150,
      confirmRuns: { warning: 2, offline: 1 },
      flapping: { changes: 4, minutes: 60 },
    });
  });

  it("keeps the timeout and threshold written for a tcp check", () => {
    expect(checkTarget({ tcp: "10.1.2.3:22", timeoutMs: 300, warnAboveMs: 40 })).toEqual({
      kind: "tcp",
      host: "10.1.2.3",
      port: 22,
      timeoutMs: 300,
      warnAboveMs: 40,
      confirmRuns: { warning: 2, offline: 1 },
      flapping: { changes: 4, minutes: 60 },
    });
  });

  it.each([
    ["[::1]:443", "::1", 443],
    ["[2001:db8::1]:8080", "2001:db8::1", 8080],
    ["[::ffff:192.0.2.1]:25", "::ffff:192.0.2.1", 25],
  ])("reads the IPv6 address in brackets from %j", (tcp, host, port) => {
    expect(checkTarget({ tcp })).toMatchObject({ kind: "tcp", host, port });
  });

  it.each([
    ["example.com:1", 1],
    ["example.com:65535", 65535],
  ])("accepts the port at the edge of the range in %j", (tcp, port) => {
    expect(checkTarget({ tcp })).toMatchObject({ kind: "tcp", host: "example.com", port });
  });

  it.each([
    "example.com:0",
    "example.com:65536",
    "example.com:99999",
    "example.com:123456",
    "example.com",
    "example.com:",
    ":80",
    "example.com:http",
    "example.com:-1",
    "2001:db8::1:80",
    "[2001:db8::1]",
    "[example.com]:80",
    "exa mple.com:80",
    "example.com/path:80",
    " example.com:80",
    "example.com:80 ",
    "",
  ])("rejects the tcp target %j", (tcp) => {
    expect(checkTarget({ tcp })).toBeNull();
  });

  // Protects the order of precedence: the server's own settings, then the site's defaults, then the job's.
  it("takes the site's defaults where the server's check says nothing", () => {
    const defaults = { timeoutMs: 3000, warnAboveMs: 90, confirmRuns: { warning: 3, offline: 2 }, followRedirects: false };
    expect(checkTarget({ url: "https://example.com/" }, defaults)).toEqual({
      kind: "http",
      url: new URL("https://example.com/"),
      method: "GET",
      body: null,
      headers: [],
      expect: { status: null, bodyContains: [], bodyLacks: [], json: [] },
      bodyLimit: 16 * 1024,
      followRedirects: false,
      certificate: null,
      httpRedirect: null,
      heartbeat: null,
      relay: null,
      timeoutMs: 3000,
      warnAboveMs: 90,
      confirmRuns: { warning: 3, offline: 2 },
      flapping: { changes: 4, minutes: 60 },
    });
    expect(checkTarget({ tcp: "db.example.com:5432" }, defaults)).toEqual({
      kind: "tcp",
      host: "db.example.com",
      port: 5432,
      timeoutMs: 3000,
      warnAboveMs: 90,
      confirmRuns: { warning: 3, offline: 2 },
      flapping: { changes: 4, minutes: 60 },
    });
  });

  it("lets the server's own settings win over the site's defaults", () => {
    const defaults = { timeoutMs: 3000, warnAboveMs: 90, confirmRuns: { warning: 3, offline: 2 }, followRedirects: false };
    expect(
      checkTarget(
        { url: "https://example.com/", timeoutMs: 500, warnAboveMs: 40, confirmRuns: { warning: 4, offline: 1 }, followRedirects: true },
        defaults,
      ),
    ).toMatchObject({ timeoutMs: 500, warnAboveMs: 40, confirmRuns: { warning: 4, offline: 1 }, followRedirects: true });
  });

  it("merges confirmRuns field by field: the server's, then the site's, then the job's", () => {
    expect(checkTarget({ url: "https://example.com/", confirmRuns: { offline: 3 } })?.confirmRuns).toEqual({ warning: 2, offline: 3 });
    expect(checkTarget({ url: "https://example.com/" }, { confirmRuns: { warning: 5 } })?.confirmRuns).toEqual({ warning: 5, offline: 1 });
    // Flapping: the check's own settings over the site's, field by field; false turns it off either way.
    expect(checkTarget({ url: "https://example.com/" })?.flapping).toEqual({ changes: 4, minutes: 60 });
    expect(checkTarget({ url: "https://example.com/", flapping: { minutes: 30 } }, { flapping: { changes: 8 } })?.flapping).toEqual({
      changes: 8,
      minutes: 30,
    });
    expect(checkTarget({ url: "https://example.com/" }, { flapping: false })?.flapping).toBeNull();
    expect(checkTarget({ url: "https://example.com/", flapping: { changes: 2 } }, { flapping: false })?.flapping).toEqual({
      changes: 2,
      minutes: 60,
    });
    expect(checkTarget({ url: "https://example.com/", flapping: false })?.flapping).toBeNull();
    expect(
      checkTarget({ tcp: "example.com:22", confirmRuns: { offline: 3 } }, { confirmRuns: { warning: 5, offline: 4 } })?.confirmRuns,
    ).toEqual({
      warning: 5,
      offline: 3,
    });
  });

  it("follows redirects unless the check or the site says not to", () => {
    const follows = (check: Parameters<typeof checkTarget>[0], defaults?: Parameters<typeof checkTarget>[1]) => {
      const target = checkTarget(check, defaults);
      return target?.kind === "http" ? target.followRedirects : undefined;
    };
    expect(follows({ url: "https://example.com/" })).toBe(true);
    expect(follows({ url: "https://example.com/", followRedirects: false })).toBe(false);
    expect(follows({ url: "https://example.com/" }, { followRedirects: false })).toBe(false);
    expect(follows({ url: "https://example.com/", followRedirects: true }, { followRedirects: false })).toBe(true);
    expect(checkTarget({ tcp: "example.com:22", followRedirects: false })).not.toHaveProperty("followRedirects");
  });

  it("gives each target its own confirmRuns, so changing one changes no default", () => {
    const target = checkTarget({ url: "https://example.com/" });
    target!.confirmRuns.warning = 9;
    expect(DEFAULT_CONFIRM_RUNS).toEqual({ warning: 2, offline: 1 });
    expect(checkTarget({ url: "https://example.com/" })?.confirmRuns).toEqual({ warning: 2, offline: 1 });
  });

  it("is null for a check with neither url nor tcp", () => {
    expect(checkTarget({})).toBeNull();
    expect(checkTarget({ expectStatus: 200, timeoutMs: 1000 })).toBeNull();
  });
});

describe("formatDuration", () => {
  it.each([
    [10_000, "10 s"],
    [2500, "2.5 s"],
    [300, "300 ms"],
    [999, "999 ms"],
    [1000, "1 s"],
    [1250, "1.3 s"],
    [60_000, "60 s"],
    [0, "0 ms"],
  ])("%d ms reads %j", (ms, words) => {
    expect(formatDuration(ms)).toBe(words);
  });
});

describe("judge: failed checks are offline without a response time", () => {
  // Protects "no answer is not zero": a server that did not answer has responseTime null, never 0.
  it.each<[ProbeOutcome, string]>([
    [{ kind: "failed", reason: "timeout" }, "connection timeout after 10 s"],
    [{ kind: "failed", reason: "dns-timeout" }, "host name not resolved within 5 s (DNS)"],
    [{ kind: "failed", reason: "refused" }, "connection refused"],
    [{ kind: "failed", reason: "dns" }, "host not found (DNS)"],
    [{ kind: "failed", reason: "tls" }, "TLS error"],
    [{ kind: "failed", reason: "tls", message: "certificate has expired" }, "TLS error: certificate has expired"],
    [{ kind: "failed", reason: "network" }, "network error"],
    [{ kind: "failed", reason: "network", message: "ECONNRESET" }, "network error: ECONNRESET"],
  ])("%j reads %j", (outcome, detail) => {
    expect(judge(outcome, httpTarget())).toStrictEqual({ status: "offline", responseTime: null, detail });
    expect(judge(outcome, tcpTarget())).toStrictEqual({ status: "offline", responseTime: null, detail });
  });

  it.each([
    [10_000, "connection timeout after 10 s"],
    [2500, "connection timeout after 2.5 s"],
    [300, "connection timeout after 300 ms"],
  ])("a timeout names the target's own timeout of %d ms", (timeoutMs, detail) => {
    expect(judge({ kind: "failed", reason: "timeout" }, httpTarget({ timeoutMs }))).toEqual({
      status: "offline",
      responseTime: null,
      detail,
    });
    expect(judge({ kind: "failed", reason: "timeout" }, tcpTarget({ timeoutMs }))).toEqual({
      status: "offline",
      responseTime: null,
      detail,
    });
  });

  // Protects the wording of a DNS timeout: the name has its own limit (5 s), or the check's timeout when shorter.
  it.each([
    [10_000, "host name not resolved within 5 s (DNS)"],
    [5000, "host name not resolved within 5 s (DNS)"],
    [2500, "host name not resolved within 2.5 s (DNS)"],
    [300, "host name not resolved within 300 ms (DNS)"],
  ])("a DNS timeout with a check timeout of %d ms reads %j", (timeoutMs, detail) => {
    expect(judge({ kind: "failed", reason: "dns-timeout" }, httpTarget({ timeoutMs }))).toEqual({
      status: "offline",
      responseTime: null,
      detail,
    });
    expect(judge({ kind: "failed", reason: "dns-timeout" }, tcpTarget({ timeoutMs })).detail).toBe(detail);
  });

  it("ignores a message for the reasons that have their own words", () => {
    expect(judge({ kind: "failed", reason: "refused", message: "ECONNREFUSED 10.0.0.1:443" }, httpTarget()).detail).toBe(
      "connection refused",
    );
    expect(judge({ kind: "failed", reason: "dns-timeout", message: "ETIMEOUT" }, httpTarget()).detail).toBe(
      "host name not resolved within 5 s (DNS)",
    );
  });
});

describe("judge: HTTP status", () => {
  it.each([200, 204, 299, 301, 302, 304, 399])("HTTP %d is up when no status is expected", (httpStatus) => {
    expect(judge({ kind: "answered", ms: 45, httpStatus }, httpTarget())).toEqual({
      status: "online",
      responseTime: 45,
      detail: `HTTP ${httpStatus} in 45 ms`,
    });
  });

  // Protects: an unexpected status is an answer, so it keeps the measured time (it is offline, but it answered).
  it.each([100, 199, 400, 404, 500, 503])("HTTP %d is offline when no status is expected, with the time it answered in", (httpStatus) => {
    expect(judge({ kind: "answered", ms: 45, httpStatus }, httpTarget())).toEqual({
      status: "offline",
      responseTime: 45,
      detail: `unexpected HTTP status ${httpStatus} (expected 2xx or 3xx)`,
    });
  });

  it("an answer without a status is offline as status 0", () => {
    expect(judge({ kind: "answered", ms: 45 }, httpTarget())).toEqual({
      status: "offline",
      responseTime: 45,
      detail: "unexpected HTTP status 0 (expected 2xx or 3xx)",
    });
  });

  it("an expected status is the only one that is up, even outside 2xx and 3xx", () => {
    expect(
      judge(
        { kind: "answered", ms: 45, httpStatus: 401 },
        httpTarget({ expect: { status: parseStatusSpec(401), bodyContains: [], bodyLacks: [], json: [] } }),
      ),
    ).toEqual({
      status: "online",
      responseTime: 45,
      detail: "HTTP 401 in 45 ms",
    });
    expect(
      judge(
        { kind: "answered", ms: 45, httpStatus: 200 },
        httpTarget({ expect: { status: parseStatusSpec(204), bodyContains: [], bodyLacks: [], json: [] } }),
      ),
    ).toEqual({
      status: "offline",
      responseTime: 45,
      detail: "unexpected HTTP status 200 (expected 204)",
    });
  });

  it("a slow unexpected status is offline, not warning, and keeps its time", () => {
    expect(judge({ kind: "answered", ms: 900, httpStatus: 500 }, httpTarget())).toEqual({
      status: "offline",
      responseTime: 900,
      detail: "unexpected HTTP status 500 (expected 2xx or 3xx)",
    });
  });
});

describe("judge: redirects", () => {
  // Protects the wording for a redirect elsewhere: "302 to login.example.com: not followed".
  it("names a redirect to another host that was not followed, judged as the answer", () => {
    expect(judge({ kind: "answered", ms: 45, httpStatus: 302, redirectTo: "login.example.com" }, httpTarget())).toEqual({
      status: "online",
      responseTime: 45,
      detail: "HTTP 302 (302 to login.example.com: not followed) in 45 ms",
    });
  });

  it("names the redirect not followed when its status was not the one expected", () => {
    expect(
      judge(
        { kind: "answered", ms: 45, httpStatus: 302, redirectTo: "login.example.com" },
        httpTarget({ expect: { status: parseStatusSpec(200), bodyContains: [], bodyLacks: [], json: [] } }),
      ),
    ).toEqual({
      status: "offline",
      responseTime: 45,
      detail: "unexpected HTTP status 302 (expected 200) (302 to login.example.com: not followed)",
    });
  });

  it("names a redirect to another port or scheme as the probe gives it", () => {
    expect(
      judge(
        { kind: "answered", ms: 45, httpStatus: 301, redirectTo: "http://example.com:8080" },
        httpTarget({ expect: { status: parseStatusSpec(200), bodyContains: [], bodyLacks: [], json: [] } }),
      ).detail,
    ).toBe("unexpected HTTP status 301 (expected 200) (301 to http://example.com:8080: not followed)");
  });

  it("names the redirect on a slow answer too", () => {
    expect(judge({ kind: "answered", ms: 200, httpStatus: 307, redirectTo: "login.example.com" }, httpTarget())).toEqual({
      status: "warning",
      responseTime: 200,
      detail: "HTTP 307 (307 to login.example.com: not followed) in 200 ms, over the 150 ms threshold",
    });
  });

  // Protects "redirects like a browser": same-origin redirects are followed and said, the final answer judged.
  it.each([
    [1, "HTTP 200 after 1 redirect in 80 ms"],
    [2, "HTTP 200 after 2 redirects in 80 ms"],
    [5, "HTTP 200 after 5 redirects in 80 ms"],
  ])("says the %d redirect(s) followed on the same origin", (redirects, detail) => {
    expect(judge({ kind: "answered", ms: 80, httpStatus: 200, redirects }, httpTarget())).toEqual({
      status: "online",
      responseTime: 80,
      detail,
    });
  });

  it("judges the final answer after the redirects followed: a broken /login is offline", () => {
    expect(judge({ kind: "answered", ms: 80, httpStatus: 500, redirects: 1 }, httpTarget())).toEqual({
      status: "offline",
      responseTime: 80,
      detail: "unexpected HTTP status 500 after 1 redirect (expected 2xx or 3xx)",
    });
  });

  it("says nothing of redirects when none was followed", () => {
    expect(judge({ kind: "answered", ms: 80, httpStatus: 200, redirects: 0 }, httpTarget()).detail).toBe("HTTP 200 in 80 ms");
  });
});

describe("judge: the parts of the time", () => {
  const timings = { dns: 3, connect: 1, tls: 4, firstByte: 12 };

  // Protects: the parts of a check's time (as peers show them) reach the result.
  it("keeps the timings of an answer", () => {
    expect(judge({ kind: "answered", ms: 17, httpStatus: 200, timings }, httpTarget())).toStrictEqual({
      status: "online",
      responseTime: 17,
      detail: "HTTP 200 in 17 ms",
      timings,
    });
    expect(judge({ kind: "answered", ms: 500, httpStatus: 200, timings }, httpTarget()).timings).toEqual(timings);
    expect(judge({ kind: "answered", ms: 45, httpStatus: 503, timings }, httpTarget()).timings).toEqual(timings);
    expect(judge({ kind: "answered", ms: 2, timings: { dns: 0, connect: 2 } }, tcpTarget()).timings).toEqual({ dns: 0, connect: 2 });
  });

  it("has no timings when the probe gave none", () => {
    expect(judge({ kind: "answered", ms: 17, httpStatus: 200 }, httpTarget())).not.toHaveProperty("timings");
    expect(judge({ kind: "failed", reason: "timeout" }, httpTarget())).not.toHaveProperty("timings");
  });
});

describe("judge: response time against the threshold", () => {
  it("is online below the threshold", () => {
    expect(judge({ kind: "answered", ms: 149, httpStatus: 200 }, httpTarget())).toEqual({
      status: "online",
      responseTime: 149,
      detail: "HTTP 200 in 149 ms",
    });
  });

  it("is online exactly at the threshold", () => {
    expect(judge({ kind: "answered", ms: 150, httpStatus: 200 }, httpTarget())).toEqual({
      status: "online",
      responseTime: 150,
      detail: "HTTP 200 in 150 ms",
    });
  });

  it("is warning above the threshold, in the alert's words", () => {
    expect(judge({ kind: "answered", ms: 156, httpStatus: 200 }, httpTarget())).toEqual({
      status: "warning",
      responseTime: 156,
      detail: "HTTP 200 in 156 ms, over the 150 ms threshold",
    });
  });

  it("uses the target's own threshold", () => {
    expect(judge({ kind: "answered", ms: 81, httpStatus: 200 }, httpTarget({ warnAboveMs: 80 }))).toEqual({
      status: "warning",
      responseTime: 81,
      detail: "HTTP 200 in 81 ms, over the 80 ms threshold",
    });
    expect(judge({ kind: "answered", ms: 400, httpStatus: 200 }, httpTarget({ warnAboveMs: 500 })).status).toBe("online");
  });

  it("judges a tcp connection the same way", () => {
    expect(judge({ kind: "answered", ms: 12 }, tcpTarget())).toEqual({
      status: "online",
      responseTime: 12,
      detail: "TCP connection in 12 ms",
    });
    expect(judge({ kind: "answered", ms: 150 }, tcpTarget())).toEqual({
      status: "online",
      responseTime: 150,
      detail: "TCP connection in 150 ms",
    });
    expect(judge({ kind: "answered", ms: 151 }, tcpTarget())).toEqual({
      status: "warning",
      responseTime: 151,
      detail: "TCP connection in 151 ms, over the 150 ms threshold",
    });
  });

  it("ignores an HTTP status on a tcp check", () => {
    expect(judge({ kind: "answered", ms: 20, httpStatus: 500 }, tcpTarget())).toEqual({
      status: "online",
      responseTime: 20,
      detail: "TCP connection in 20 ms",
    });
  });

  it("rounds the measured time to whole milliseconds before comparing", () => {
    expect(judge({ kind: "answered", ms: 150.4, httpStatus: 200 }, httpTarget())).toEqual({
      status: "online",
      responseTime: 150,
      detail: "HTTP 200 in 150 ms",
    });
    expect(judge({ kind: "answered", ms: 150.5, httpStatus: 200 }, httpTarget())).toEqual({
      status: "warning",
      responseTime: 151,
      detail: "HTTP 200 in 151 ms, over the 150 ms threshold",
    });
  });

  it("never reports a negative response time", () => {
    expect(judge({ kind: "answered", ms: -3, httpStatus: 200 }, httpTarget())).toEqual({
      status: "online",
      responseTime: 0,
      detail: "HTTP 200 in 0 ms",
    });
  });
});

describe("worthMeasuringAgain: an answer the job stood still through", () => {
  const target = checkTarget({ url: "https://example.org/", warnAboveMs: 150 })!;
  const answer = (ms: number, httpStatus: number, stalledMs?: number): ProbeOutcome => ({
    kind: "answered",
    ms,
    httpStatus,
    ...(stalledMs === undefined ? {} : { stalledMs }),
  });
  const worth = (outcome: ProbeOutcome) => worthMeasuringAgain(outcome, judge(outcome, target));

  it("is measured again when the stall is a tenth of its time or more", () => {
    expect(worth(answer(6, 200, 5))).toBe(true);
    expect(worth(answer(200, 200, 20))).toBe(true);
  });

  it("is left as it reads when the stall is a small part of it, or when there was none", () => {
    expect(worth(answer(500, 200, 10))).toBe(false);
    expect(worth(answer(6, 200))).toBe(false);
    expect(worth(answer(6, 200, 0))).toBe(false);
  });

  it("is never measured again when it is a failure whatever its time: a 503, or no answer", () => {
    expect(worth(answer(6, 503, 5))).toBe(false);
    expect(worth({ kind: "failed", reason: "timeout" })).toBe(false);
  });
});
