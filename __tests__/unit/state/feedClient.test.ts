/** @jest-environment node */
/**
 * The feed client against a real HTTP server on 127.0.0.1: answers go into the
 * live servers, bad records are left out and named, and failures are retried
 * on SPEC §7's schedule.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { followFeed, followIncidents, followServer, forgetFeeds } from "../../../src/state/feedClient";
import type { Server } from "../../../src/domain/kernel/types";
import { createFeedStore } from "../../../src/state/feedStore";
import { createLiveServerStore } from "../../../src/state/liveServerStore";
import { createNoticesStore } from "../../../src/state/noticesStore";
import { makeServer } from "../fixtures";

type Answer = { status: number; body?: unknown };
let answers: Answer[] = [];
let requests = 0;
let server: http.Server;
let url: string;

const record = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: id.toUpperCase(),
  ip: "192.0.2.1",
  location: "Dublin, Ireland",
  status: "online",
  uptime: "99.9%",
  responseTime: 42,
  lastChecked: "2026-11-23T10:40:00.000Z",
  coordinates: [-6.26, 53.35],
  source: "measured",
  detail: "HTTP 200 in 42 ms",
  ...overrides,
});
const doc = (...servers: unknown[]) => ({ status: 200, body: { version: 1, generatedAt: "2026-11-23T10:41:00.000Z", servers } });

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    requests += 1;
    const answer = answers.shift() ?? { status: 503 };
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/servers.json`;
});
afterAll(() => {
  server.close();
  // The cache keeps answers 5 minutes (SPEC §7); a test run need not wait for them.
  forgetFeeds();
});
beforeEach(() => {
  answers = [];
  requests = 0;
});

function setUp(path: string) {
  const live = createLiveServerStore();
  live.seed([makeServer({ id: "a", source: "measured", responseTime: 1 }), makeServer({ id: "b", source: "measured", responseTime: 2 })]);
  const feed = createFeedStore();
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const stop = followFeed({ url: `${url}?${path}`, intervalMs: 60_000, enabled: false, live, feed });
  return { live, feed, warn, stop };
}

const until = async (condition: () => boolean, ms = 8000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

it("an answer replaces the servers' figures, and the feed is live", async () => {
  answers = [doc(record("a", { responseTime: 77 }), record("b", { status: "offline", responseTime: 0 }))];
  const { live, feed, warn, stop } = setUp("good");
  await until(() => feed.getSnapshot().mode === "live");
  expect(live.getSnapshot()?.map((s) => [s.id, s.status, s.responseTime])).toEqual([
    ["a", "online", 77],
    ["b", "offline", 0],
  ]);
  expect(feed.getSnapshot().leftOut).toEqual([]);
  // "updated" is the data's time, not the fetch's.
  expect(feed.getSnapshot().dataTime).toBe(Date.parse("2026-11-23T10:41:00.000Z"));
  stop();
  warn.mockRestore();
});

it("bad records are left out and named; their servers keep their last good figures; the good ones show", async () => {
  answers = [doc(record("a", { responseTime: 55 }), record("b", { ip: "not an ip", responseTime: 999 }))];
  const { live, feed, warn, stop } = setUp("bad");
  await until(() => feed.getSnapshot().mode === "live");
  expect(live.getSnapshot()?.map((s) => [s.id, s.responseTime])).toEqual([
    ["a", 55],
    ["b", 2],
  ]);
  expect(feed.getSnapshot().leftOut.map((r) => r.label)).toEqual(['record 2 (id "b", name "B")']);
  expect(warn).toHaveBeenCalledWith(
    expect.stringMatching(
      /^Status feed http:\/\/127\.0\.0\.1:\d+\/api\/v1\/servers\.json\?bad: left out record 2 \(id "b", name "B"\): field "ip"/,
    ),
  );
  stop();
  warn.mockRestore();
});

it("a feed that fails twice, then answers, is retried (after 1 s, then 2 s) and shown", async () => {
  answers = [{ status: 503 }, { status: 200, body: "not json" }, doc(record("a", { responseTime: 66 }), record("b"))];
  const started = Date.now();
  const { live, feed, warn, stop } = setUp("flaky");
  await until(() => feed.getSnapshot().mode === "live", 10_000);
  expect(requests).toBe(3);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  expect(live.getSnapshot()?.[0].responseTime).toBe(66);
  stop();
  warn.mockRestore();
});

describe("one server's own file, for its page opened directly", () => {
  const serverDoc = (server: unknown) => ({
    status: 200,
    body: { version: 1, generatedAt: "2026-11-23T10:41:00.000Z", server, check: null, history: null },
  });
  const follow = (path: string) => {
    const feed = createFeedStore();
    const seen: Server[] = [];
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const stop = followServer({ url: `${url}?${path}`, id: "a", intervalMs: 60_000, enabled: false, feed, onServer: (s) => seen.push(s) });
    return { feed, seen, warn, stop };
  };

  it("gives the server's record, checked by the feed's rules, and the feed is live", async () => {
    answers = [serverDoc(record("a", { responseTime: 31 }))];
    const { feed, seen, warn, stop } = follow("own");
    await until(() => feed.getSnapshot().mode === "live");
    expect(seen.map((s) => [s.id, s.responseTime])).toEqual([["a", 31]]);
    expect(requests).toBe(1);
    stop();
    warn.mockRestore();
  });

  it("leaves out a record that breaks the rules and says so; the page keeps what it has", async () => {
    answers = [serverDoc(record("a", { ip: "999.0.0.1" }))];
    const { feed, seen, warn, stop } = follow("own-bad");
    await until(() => feed.getSnapshot().mode === "live");
    expect(seen).toEqual([]);
    expect(feed.getSnapshot().leftOut.map((r) => r.label)).toEqual(['record 1 (id "a", name "A")']);
    stop();
    warn.mockRestore();
  });

  it("refuses another server's document, after the retries, saying why", async () => {
    answers = [serverDoc(record("b")), serverDoc(record("b")), serverDoc(record("b")), serverDoc(record("b"))];
    const { feed, seen, warn, stop } = follow("other");
    await until(() => feed.getSnapshot().mode === "down", 12_000);
    expect(feed.getSnapshot().error).toBe('it is the document of another server ("b")');
    expect(seen).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('it is the document of another server ("b")'));
    stop();
    warn.mockRestore();
  }, 15_000);
});

describe("the site's incidents, followed beside the feed", () => {
  const incidents = (open: boolean) => ({
    status: 200,
    body: {
      version: 1,
      generatedAt: "2026-11-23T10:41:00.000Z",
      incidents: [
        {
          id: "db-down",
          title: "Database unreachable",
          impact: "major",
          affected: ["a"],
          updates: [{ at: "2026-11-23T10:30:00Z", status: open ? "investigating" : "resolved", message: "Looking." }],
          status: open ? "investigating" : "resolved",
          open,
        },
      ],
      maintenance: [],
    },
  });
  const follow = (path: string) => {
    const notices = createNoticesStore();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const stop = followIncidents({
      url: `${url.replace("servers.json", "incidents.json")}?${path}`,
      intervalMs: 60_000,
      enabled: false,
      notices,
    });
    return { notices, warn, stop };
  };

  it("a good document goes into the notices' store", async () => {
    answers = [incidents(true)];
    const { notices, warn, stop } = follow("good");
    await until(() => notices.getSnapshot().mode === "live");
    expect(notices.getSnapshot().document?.incidents.map((i) => [i.id, i.open])).toEqual([["db-down", true]]);
    expect(warn).not.toHaveBeenCalled();
    stop();
    warn.mockRestore();
  });

  it("a document that breaks its schema is not taken: after the retries the store is down, says why, and keeps the last good one", async () => {
    answers = [incidents(true)];
    const { notices, warn, stop } = follow("later-bad");
    await until(() => notices.getSnapshot().mode === "live");
    const bad = incidents(false);
    (bad.body.incidents[0] as Record<string, unknown>).impact = "apocalyptic";
    answers = [bad, bad, bad, bad];
    const answered = await notices.refetch();
    expect(answered).toBe(false);
    await until(() => notices.getSnapshot().mode === "down");
    expect(notices.getSnapshot().error).toMatch(/does not follow its schema \(\/incidents\/0\/impact/);
    expect(notices.getSnapshot().document?.incidents[0].open).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Incidents http:\/\/127\.0\.0\.1:\d+\/api\/v1\/incidents\.json\?later-bad: it does not follow/),
    );
    stop();
    warn.mockRestore();
  }, 20_000);
});
