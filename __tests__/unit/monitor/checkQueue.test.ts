/** @jest-environment node */
import { checkAll, concurrencyWithin, openFileLimit, openFilesFor } from "../../../monitor/run/queue";
import type { CheckTarget } from "../../../src/domain/checks/definition";
import type { Judgement, ProbeOutcome } from "../../../src/domain/checks/outcome";

describe("the bound on probes in flight, within the open-file limit", () => {
  it("keeps to half of what the limit leaves after the job's own 64 descriptors", () => {
    expect(concurrencyWithin(1000, 1024)).toBe(480);
    expect(concurrencyWithin(1000, 256)).toBe(96);
  });

  it("is the wanted bound when the limit is far above it, or unlimited", () => {
    expect(concurrencyWithin(1000, 65_536)).toBe(1000);
    expect(concurrencyWithin(1000, Infinity)).toBe(1000);
  });

  it("assumes the smallest usual limit (256) when it cannot be told, and never goes below one", () => {
    expect(concurrencyWithin(1000, null)).toBe(96);
    expect(concurrencyWithin(1000, 10)).toBe(1);
  });

  it("names the limit at which the wanted bound holds, and not one less", () => {
    expect(openFilesFor(1000)).toBe(2064);
    expect(concurrencyWithin(1000, openFilesFor(1000))).toBe(1000);
    expect(concurrencyWithin(1000, openFilesFor(1000) - 2)).toBe(999);
  });

  it("reads this process's limit", () => {
    const limit = openFileLimit();
    expect(limit === Infinity || (Number.isInteger(limit) && limit! > 0)).toBe(true);
  });
});

/** A check of a server named by its path; the fake probes below tell them apart by it. */
const target = (name: string): CheckTarget => ({
  kind: "http",
  url: new URL(`http://servers.test/${name}`),
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
const nameOf = (t: CheckTarget) => (t.kind === "http" ? t.url.pathname.slice(1) : "");
const up: ProbeOutcome = { kind: "answered", ms: 1, httpStatus: 200 };
const down: ProbeOutcome = { kind: "failed", reason: "timeout" };

/**
 * A probe on the fake clock: each try of a server takes `takes(name, try)` ms
 * and gives `gives(name, try)`. It records each start (name and clock time) and
 * the most probes in flight.
 */
function scripted(takes: (name: string, attempt: number) => number, gives: (name: string, attempt: number) => ProbeOutcome) {
  const starts: Array<{ name: string; at: number }> = [];
  const tries = new Map<string, number>();
  const seen = { inFlight: 0, most: 0 };
  const probe = (t: CheckTarget) => {
    const name = nameOf(t);
    const attempt = (tries.get(name) ?? 0) + 1;
    tries.set(name, attempt);
    starts.push({ name, at: performance.now() });
    seen.inFlight += 1;
    seen.most = Math.max(seen.most, seen.inFlight);
    return new Promise<ProbeOutcome>((resolve) =>
      setTimeout(
        () => {
          seen.inFlight -= 1;
          resolve(gives(name, attempt));
        },
        takes(name, attempt),
      ),
    );
  };
  return { probe, starts, seen };
}

/** Runs checkAll on the fake clock to its end. */
async function run(targets: CheckTarget[], options: Parameters<typeof checkAll>[1]) {
  // null: a check not finished by the deadline (only the deadline's test has any)
  let result: Judgement[] | undefined;
  let error: unknown;
  checkAll(targets, options).then(
    (r) => (result = r as Judgement[]),
    (e: unknown) => (error = e),
  );
  await jest.runAllTimersAsync();
  return { result, error };
}

describe("checkAll: every server checked once, a failure once more, paced and bounded", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("gives the judgements in the targets' order, whatever order the answers come in", async () => {
    const names = ["slow", "fast", "middle"];
    const takes = { slow: 300, fast: 10, middle: 100 } as Record<string, number>;
    const { probe } = scripted(
      (name) => takes[name],
      () => up,
    );
    const done: number[] = [];
    const { result } = await run(names.map(target), {
      probe,
      concurrency: 10,
      spacingMs: 0,
      retryPauseMs: 0,
      onDone: (index) => done.push(index),
    });
    expect(result).toHaveLength(3);
    expect(result!.every((j) => j.status === "online")).toBe(true);
    // Told as they come, kept in order.
    expect(done).toEqual([1, 2, 0]);
  });

  it("tries a failed check once more after the pause and keeps the second judgement", async () => {
    const { probe, starts } = scripted(
      () => 50,
      (name, attempt) => (name === "lost-packet" && attempt === 1 ? down : name === "dead" ? down : up),
    );
    const { result } = await run(["lost-packet", "dead", "fine"].map(target), { probe, concurrency: 10, spacingMs: 0, retryPauseMs: 500 });
    expect(result!.map((j) => j.status)).toEqual(["online", "offline", "online"]);
    expect(result![1].detail).toBe("connection timeout after 10 s (tried twice)");
    expect(starts.filter((s) => s.name === "fine")).toHaveLength(1);
    // The second try of each failure starts the pause after its first try ended (at 50 ms).
    expect(starts.filter((s) => s.name === "dead").map((s) => s.at)).toEqual([0, 550]);
  });

  it("starts probes spacingMs apart at least, retries included", async () => {
    // A try takes 7 ms and a retry is due at once: each failure's retry is due between two spaced starts.
    const { probe, starts } = scripted(
      () => 7,
      (name, attempt) => (name.startsWith("flaky") && attempt === 1 ? down : up),
    );
    const names = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? `flaky-${i}` : `ok-${i}`));
    await run(names.map(target), { probe, concurrency: 100, spacingMs: 5, retryPauseMs: 0 });
    expect(starts).toHaveLength(16);
    const gaps = starts.slice(1).map((s, i) => s.at - starts[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(5);
  });

  it("never has more than `concurrency` probes in flight, and does fill them", async () => {
    const { probe, seen } = scripted(
      () => 1000,
      () => up,
    );
    const { result } = await run(
      Array.from({ length: 50 }, (_, i) => target(`s-${i}`)),
      { probe, concurrency: 7, spacingMs: 1, retryPauseMs: 0 },
    );
    expect(result).toHaveLength(50);
    expect(seen.most).toBe(7);
  });

  it("a failed check waiting out its pause holds no place: the servers after it are checked meanwhile, and its retry goes first once due", async () => {
    // One place; each try takes 10 ms; the pause is 15 ms: the retry is due at 25 ms, while ok-2 is in flight.
    const { probe, starts, seen } = scripted(
      () => 10,
      (name) => (name === "dead" ? down : up),
    );
    const names = ["dead", "ok-1", "ok-2", "ok-3", "ok-4"];
    const { result } = await run(names.map(target), { probe, concurrency: 1, spacingMs: 0, retryPauseMs: 15 });
    expect(starts.map((s) => s.name)).toEqual(["dead", "ok-1", "ok-2", "dead", "ok-3", "ok-4"]);
    expect(seen.most).toBe(1);
    expect(result!.map((j) => j.status)).toEqual(["offline", "online", "online", "online", "online"]);
  });

  it("a silent server costs its own timeouts, not everyone's: 10 silent among 100 end by their two timeouts, not ten times as many", async () => {
    const { probe } = scripted(
      (name) => (name.startsWith("silent") ? 10_000 : 1),
      (name) => (name.startsWith("silent") ? down : up),
    );
    const names = Array.from({ length: 100 }, (_, i) => (i % 10 === 9 ? `silent-${i}` : `ok-${i}`));
    const began = performance.now();
    const { result } = await run(names.map(target), { probe, concurrency: 1000, spacingMs: 2, retryPauseMs: 500 });
    expect(result!.filter((j) => j.status === "offline")).toHaveLength(10);
    // The last start (about 200 ms in), then a timeout, the pause and a timeout: all on the fake clock.
    expect(performance.now() - began).toBeLessThan(21_000);
  });

  // Protects "nothing one server does ends the run", and "the job's fault is not the server's": a probe that rejects or
  // throws gives that check no result (no data), told in words to the job; every other server is checked.
  it("a probe that rejects, or throws, is the job's failure: no result for that check, words for the log, the rest checked", async () => {
    const probe = (t: CheckTarget) => {
      if (nameOf(t) === "throws") throw new TypeError("cannot read properties of undefined");
      return nameOf(t) === "broken"
        ? Promise.reject(new Error("the probe broke"))
        : new Promise<ProbeOutcome>((r) => setTimeout(() => r(up), 5));
    };
    const told: string[] = [];
    const { result, error } = await run(["broken", "a", "throws", "b", "c"].map(target), {
      probe,
      concurrency: 2,
      spacingMs: 0,
      retryPauseMs: 0,
      onJobError: (index, words) => told.push(`${index}: ${words}`),
    });
    expect(error).toBeUndefined();
    expect((result as Array<Judgement | null>).map((j) => j?.status ?? null)).toEqual([null, "online", null, "online", "online"]);
    expect(told).toEqual([
      "0: the check job's probe failed (Error: the probe broke)",
      "2: the check job's probe failed (TypeError: cannot read properties of undefined)",
    ]);
  });

  it("a probe that never settles (an error escaped it) is ended by its watchdog after its time, and the others go on", async () => {
    const probe = (t: CheckTarget) =>
      nameOf(t) === "lost" ? new Promise<ProbeOutcome>(() => undefined) : new Promise<ProbeOutcome>((r) => setTimeout(() => r(up), 5));
    const told: string[] = [];
    const { result } = await run(["lost", "a"].map(target), {
      probe,
      concurrency: 1,
      spacingMs: 0,
      retryPauseMs: 0,
      graceMs: 1000,
      onJobError: (index, words) => told.push(`${index}: ${words}`),
    });
    expect((result as Array<Judgement | null>).map((j) => j?.status ?? null)).toEqual([null, "online"]);
    // 5 s for the name, the check's 10 s, and the grace given.
    expect(told).toEqual(["0: the check did not end within its time (16000 ms): the job lost track of it"]);
  });

  it("a measurement taken again that the job then fails on keeps the first one", async () => {
    let tries = 0;
    const probe = () => {
      tries += 1;
      // The first answer came while the job stood still (worth measuring again); the second try breaks.
      return tries === 1
        ? Promise.resolve<ProbeOutcome>({ kind: "answered", ms: 10, httpStatus: 200, stalledMs: 5 })
        : Promise.reject(new Error("the probe broke"));
    };
    const told: string[] = [];
    const { result } = await run([target("a")], {
      probe,
      concurrency: 1,
      spacingMs: 0,
      retryPauseMs: 0,
      onJobError: (_index, words) => told.push(words),
    });
    expect(tries).toBe(2);
    expect(result![0]).toMatchObject({ status: "online", responseTime: 10 });
    expect(told).toEqual([]);
  });

  it("starts first tries in the order given (oldest results first), and keeps the results in the targets' order", async () => {
    const { probe, starts } = scripted(
      () => 1,
      () => up,
    );
    const { result } = await run(["a", "b", "c"].map(target), { probe, concurrency: 1, spacingMs: 0, retryPauseMs: 0, order: [2, 0, 1] });
    expect(starts.map((s) => s.name)).toEqual(["c", "a", "b"]);
    expect(result).toHaveLength(3);
  });

  it("a listener that throws does not stop the queue", async () => {
    const { probe } = scripted(
      () => 5,
      () => up,
    );
    const { result } = await run(["a", "b", "c"].map(target), {
      probe,
      concurrency: 2,
      spacingMs: 0,
      retryPauseMs: 0,
      onDone: () => {
        throw new Error("a listener's bug");
      },
    });
    expect(result!.map((j) => j.status)).toEqual(["online", "online", "online"]);
  });

  // Protects "a run always ends within its deadline": what has not finished then has no result (null), the rest stand.
  it("ends at the deadline with what it has: unfinished checks are null, nothing starts after it", async () => {
    const { probe, starts } = scripted(
      (name) => (name === "silent" ? 60_000 : 10),
      () => up,
    );
    const { result } = await run(["a", "silent", "b", "c", "d"].map(target), {
      probe,
      concurrency: 2,
      spacingMs: 100,
      retryPauseMs: 0,
      deadline: 250,
    });
    // a at 0, silent at 100, b at 200; c would start at 300, past the deadline.
    expect((result as Array<Judgement | null>).map((j) => j?.status ?? null)).toEqual(["online", null, "online", null, null]);
    expect(starts.map((s) => s.name)).toEqual(["a", "silent", "b"]);
  });

  it("has nothing to do for no targets", async () => {
    const probe = jest.fn(() => Promise.resolve(up));
    const { result } = await run([], { probe, concurrency: 4, spacingMs: 2, retryPauseMs: 0 });
    expect(result).toEqual([]);
    expect(probe).not.toHaveBeenCalled();
  });
});

describe("checkAll: an answer the job stood still through is measured again, in its turn", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const stalled = (ms: number, stalledMs: number): ProbeOutcome => ({ kind: "answered", ms, httpStatus: 200, stalledMs });

  it("once, spaced like every start, keeping the new measurement", async () => {
    const { probe, starts } = scripted(
      () => 3,
      (name, attempt) => (name.startsWith("hit") && attempt === 1 ? stalled(6, 5) : { kind: "answered", ms: 1, httpStatus: 200 }),
    );
    const again: number[] = [];
    const { result } = await run(["hit-a", "ok-b", "hit-c", "ok-d"].map(target), {
      probe,
      concurrency: 10,
      spacingMs: 5,
      retryPauseMs: 0,
      onMeasuredAgain: (index) => again.push(index),
    });
    expect(again).toEqual([0, 2]);
    expect(result!.map((j) => j.responseTime)).toEqual([1, 1, 1, 1]);
    expect(starts.map((s) => s.name).sort()).toEqual(["hit-a", "hit-a", "hit-c", "hit-c", "ok-b", "ok-d"]);
    const gaps = starts.slice(1).map((s, i) => s.at - starts[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(5);
  });

  it("a measurement taken again that fails leaves the first one: an answer is not turned into an outage", async () => {
    const { probe, starts } = scripted(
      () => 3,
      (_name, attempt) => (attempt === 1 ? stalled(6, 5) : down),
    );
    const { result } = await run([target("a")], { probe, concurrency: 10, spacingMs: 0, retryPauseMs: 0 });
    expect(result![0]).toMatchObject({ status: "online", responseTime: 6 });
    expect(starts).toHaveLength(2);
  });

  it("an offline answer is not measured again (a 503 is a 503), nor a short stall in a slow answer", async () => {
    const { probe, starts } = scripted(
      () => 3,
      (name) =>
        name === "error"
          ? { kind: "answered", ms: 200, httpStatus: 503, stalledMs: 150 }
          : { kind: "answered", ms: 500, httpStatus: 200, stalledMs: 10 },
    );
    const { result } = await run(["error", "slow"].map(target), { probe, concurrency: 10, spacingMs: 0, retryPauseMs: 0 });
    // the 503 is retried as a failure (once), never measured again; the slow answer is kept with its 10 ms
    expect(starts.map((s) => s.name)).toEqual(["error", "slow", "error"]);
    expect(result!.map((j) => j.status)).toEqual(["offline", "warning"]);
    expect(result![0].detail).toMatch(/\(tried twice\)$/);
  });
});

describe("checkAll: a check that sent nothing", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("(a header's variable not set) is not tried again, and does not say it was", async () => {
    const { probe, starts } = scripted(
      () => 1,
      () => ({ kind: "failed", reason: "unset-variable", message: "API_KEY (header Authorization)" }),
    );
    const { result } = await run([target("a")], { probe, concurrency: 10, spacingMs: 0, retryPauseMs: 500 });
    expect(starts).toHaveLength(1);
    expect(result![0].status).toBe("offline");
    expect(result![0].detail).not.toMatch(/tried twice/);
  });
});

describe("checkAll: the run's clock", () => {
  it("judges a certificate's days by the run's clock, not the machine's", async () => {
    const https: CheckTarget = {
      ...target("cert"),
      url: new URL("https://servers.test/cert"),
      certificate: { warnDays: 14 },
    } as CheckTarget;
    const outcome: ProbeOutcome = {
      kind: "answered",
      ms: 3,
      httpStatus: 200,
      certificate: { validFrom: "2026-01-01T00:00:00.000Z", validTo: "2027-01-01T00:00:00.000Z" },
    };
    const judged = (now: string) =>
      checkAll([https], { probe: async () => outcome, concurrency: 1, spacingMs: 0, retryPauseMs: 0, now: () => new Date(now) });
    expect((await judged("2026-06-01T00:00:00Z"))[0]?.status).toBe("online");
    expect((await judged("2026-12-25T00:00:00Z"))[0]).toMatchObject({ status: "warning", warningCause: "certificate" });
  });
});
