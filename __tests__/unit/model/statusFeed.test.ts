/** @jest-environment node */
import { FEED_CACHE_MS, FEED_RETRIES, FeedError, applyFeed, checkFeed, feedRetryDelay } from "../../../src/model/fleet/statusFeed";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const record = (overrides: Record<string, unknown> = {}) => ({
  id: "srv-a",
  name: "A",
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
const doc = (servers: unknown[]) => ({ version: 1, generatedAt: "2026-11-23T10:41:00.000Z", servers });

describe("the retry schedule (SPEC §7)", () => {
  it("retries 3 times, 1000 ms doubling per attempt, at most 30000 ms; keeps answers 5 minutes", () => {
    expect(FEED_RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(feedRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(FEED_CACHE_MS).toBe(300_000);
  });
});

describe("checkFeed", () => {
  it("keeps every good record, as servers", () => {
    const result = checkFeed(doc([record(), record({ id: "srv-b", name: "B", detail: null })]));
    expect(result.leftOut).toEqual([]);
    expect(result.servers.map((s) => [s.id, s.detail])).toEqual([
      ["srv-a", "HTTP 200 in 42 ms"],
      ["srv-b", null],
    ]);
    expect(result.servers[0].coordinates).toEqual([-6.26, 53.35]);
  });

  it("leaves bad records out, names each with the content's words, and keeps the good ones", () => {
    const result = checkFeed(
      doc([record(), record({ id: "srv-b", name: "B", ip: "300.1.1.1" }), record({ id: "srv-c", name: "C", source: "guessed" })]),
    );
    expect(result.servers.map((s) => s.id)).toEqual(["srv-a"]);
    expect(result.leftOut).toEqual([
      {
        label: 'record 2 (id "srv-b", name "B")',
        id: "srv-b",
        problems: ['field "ip": expected an IPv4 or IPv6 address such as 192.0.2.10, found "300.1.1.1".'],
      },
      {
        label: 'record 3 (id "srv-c", name "C")',
        id: "srv-c",
        problems: ['field "source": expected measured, simulated, sample, found "guessed".'],
      },
    ]);
  });

  it("a server that did not answer has no response time, and its uptime may say what it covers", () => {
    const checks = { up: 0, total: 3, since: "2026-11-23T10:30:00.000Z" };
    const result = checkFeed(doc([record({ status: "offline", responseTime: null, uptimeChecks: checks }), record({ id: "srv-b" })]));
    expect(result.leftOut).toEqual([]);
    expect(result.servers[0]).toMatchObject({ responseTime: null, uptimeChecks: checks });
    // a feed of an older site says nothing of it
    expect(result.servers[1].uptimeChecks).toBeNull();
  });

  it("keeps each place's time of a server checked from several places, and leaves out a record whose places are wrong (#32)", () => {
    const placeTimes = [
      { location: "eu-west", ms: 48 },
      { location: "ap-south", ms: null },
    ];
    const result = checkFeed(doc([record({ placeTimes }), record({ id: "srv-b", placeTimes: [{ location: "eu-west", ms: -1 }] })]));
    expect(result.servers).toHaveLength(1);
    expect(result.servers[0].placeTimes).toEqual(placeTimes);
    expect(result.leftOut.map((r) => r.id)).toEqual(["srv-b"]);
  });

  it("counts records, not problems: one record with two bad fields is one record left out, with both problems", () => {
    const result = checkFeed(doc([record(), record({ id: "srv-b", name: "B", ip: "300.1.1.1", responseTime: -5 })]));
    expect(result.leftOut).toHaveLength(1);
    expect(result.leftOut[0].label).toBe('record 2 (id "srv-b", name "B")');
    expect(result.leftOut[0].problems).toHaveLength(2);
    expect(result.leftOut[0].problems.join(" ")).toMatch(/field "ip".*field "responseTime"|field "responseTime".*field "ip"/);
  });

  it("names a record without a usable id by its place: it cannot be matched to a server", () => {
    const { id: _id, ...noId } = record({ name: "Nameless" });
    const result = checkFeed(doc([record(), record({ id: "srv-b" }), record({ id: "srv-c" }), noId, record({ id: "has space" })]));
    expect(result.leftOut.map((r) => [r.label, r.id])).toEqual([
      ['record 4 (no id, name "Nameless")', null],
      ['record 5 (no usable id: "has space", name "A")', null],
    ]);
    expect(result.leftOut[0].problems).toEqual([
      "field \"id\": expected a unique key of letters, digits, '.', '-', '_' or '~' (no spaces), not starting with a dot, such as srv-us-east-1, found nothing (the field is missing).",
    ]);
    const { name: _name, ...bare } = noId;
    expect(checkFeed(doc([bare])).leftOut[0].label).toBe("record 1 (no id)");
  });

  it("says when its data is from: the document's generatedAt, else the newest lastChecked, else nothing", () => {
    expect(checkFeed(doc([record()])).dataTime).toBe("2026-11-23T10:41:00.000Z");
    const older = record({ id: "srv-b", lastChecked: "2026-11-23T10:30:00.000Z" });
    expect(checkFeed({ version: 1, servers: [older, record()] }).dataTime).toBe("2026-11-23T10:40:00.000Z");
    expect(checkFeed({ version: 1, generatedAt: "yesterday", servers: [older] }).dataTime).toBe("2026-11-23T10:30:00.000Z");
    expect(checkFeed({ version: 1, servers: [] }).dataTime).toBeNull();
  });

  it("a second record with the same id is left out", () => {
    const result = checkFeed(doc([record(), record({ status: "offline" })]));
    expect(result.servers).toHaveLength(1);
    expect(result.servers[0].status).toBe("online");
    expect(result.leftOut).toEqual([
      {
        label: 'record 2 (id "srv-a", name "A")',
        id: "srv-a",
        problems: ['field "id": expected one record per server, found a second record with this id.'],
      },
    ]);
  });

  it("fields a later version adds are no problem", () => {
    expect(checkFeed(doc([record({ region: "eu" })])).leftOut).toEqual([]);
  });

  it.each([
    [null, "it is not a servers document"],
    [[], "it is not a servers document"],
    [{ version: 2, servers: [] }, "it has version 2, this page reads version 1"],
    [{ version: 1 }, "it has no list of servers"],
  ])("a document that is not a servers document of version 1 is refused whole: %j", (value, message) => {
    expect(() => checkFeed(value)).toThrow(FeedError);
    expect(() => checkFeed(value)).toThrow(message);
  });
});

describe("applyFeed", () => {
  const current: Server[] = [
    makeServer({ id: "a", source: "measured", responseTime: 10 }),
    makeServer({ id: "b", source: "measured", responseTime: 20 }),
    makeServer({ id: "sim", source: "simulated", responseTime: 33 }),
    makeServer({ id: "gone", source: "measured" }),
  ];

  it("takes the feed's figures, keeps the last good ones of a record left out, adds new servers and drops removed ones", () => {
    const next = applyFeed(current, {
      servers: [makeServer({ id: "a", source: "measured", responseTime: 11 }), makeServer({ id: "new", source: "measured" })],
      leftOut: [{ label: 'record 2 (id "b")', id: "b", problems: ["…"] }],
      dataTime: null,
    });
    expect(next.map((s) => [s.id, s.responseTime])).toEqual([
      ["a", 11],
      ["b", 20],
      ["new", 42],
    ]);
  });

  it("a server the feed calls simulated keeps the browser's simulated figures", () => {
    const next = applyFeed(current, {
      servers: [makeServer({ id: "sim", source: "simulated", responseTime: 99 })],
      leftOut: [],
      dataTime: null,
    });
    expect(next).toEqual([current[2]]);
  });

  it("a simulated server that the feed now measures takes the measured figures", () => {
    const measured = makeServer({ id: "sim", source: "measured", responseTime: 77 });
    expect(applyFeed(current, { servers: [measured], leftOut: [], dataTime: null })).toEqual([measured]);
  });

  it("while a record has no usable id, no server is dropped: the one it was meant for cannot be told from one removed", () => {
    const next = applyFeed(current, {
      servers: [makeServer({ id: "a", source: "measured", responseTime: 11 })],
      leftOut: [{ label: "record 2 (no id)", id: null, problems: ["…"] }],
      dataTime: null,
    });
    expect(next.map((s) => [s.id, s.responseTime])).toEqual([
      ["a", 11],
      ["b", 20],
      ["sim", 33],
      ["gone", 42],
    ]);
  });
});
