import {
  markChecked,
  REFRESH_DELAY_MS,
  SIMULATED_MAX_MS,
  SIMULATED_MIN_MS,
  SIMULATION_INTERVAL_MS,
  simulatedResponseTime,
  simulateTick,
} from "../../../src/model/fleet/simulate";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const NOW = new Date(2026, 10, 23, 9, 5, 7); // local (UTC) 09:05:07

function fleet(): Server[] {
  return [
    makeServer({ status: "online", responseTime: 45, lastChecked: "2026-11-23T10:42:15Z" }),
    makeServer({ status: "offline", responseTime: null, lastChecked: "2026-11-23T10:37:02Z" }),
    makeServer({ status: "warning", responseTime: 156, lastChecked: "2026-11-23T10:42:09Z" }),
    makeServer({ status: "maintenance", responseTime: 321, lastChecked: "2 minutes ago" }),
    makeServer({ status: "online", responseTime: 38, lastChecked: "2026-11-23T10:42:12Z" }),
  ];
}

describe("constants (SPEC §4, §9)", () => {
  it("ticks every 30 s, refreshes in 1 s, simulates 20..69 ms", () => {
    expect(SIMULATION_INTERVAL_MS).toBe(30000);
    expect(REFRESH_DELAY_MS).toBe(1000);
    expect(SIMULATED_MIN_MS).toBe(20);
    expect(SIMULATED_MAX_MS).toBe(69);
  });
});

describe("simulatedResponseTime", () => {
  it.each<[number, number]>([
    [0, 20],
    [0.9999999, 69],
    [1, 69],
    [0.5, 45],
    [-0.3, 20],
    [1.7, 69],
  ])("random() = %p gives %p", (r, ms) => {
    expect(simulatedResponseTime(() => r)).toBe(ms);
  });

  it("reaches every integer from 20 to 69 and nothing else", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 50; i += 1) {
      const value = simulatedResponseTime(() => (i + 0.5) / 50);
      expect(value).toBe(20 + i);
      seen.add(value);
    }
    expect(seen.size).toBe(50);
  });

  it("always gives an integer in 20..69 with the real Math.random", () => {
    for (let i = 0; i < 2000; i += 1) {
      const value = simulatedResponseTime();
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(20);
      expect(value).toBeLessThanOrEqual(69);
    }
  });

  it("calls random once per value", () => {
    const random = jest.fn(() => 0.25);
    simulatedResponseTime(random);
    expect(random).toHaveBeenCalledTimes(1);
  });
});

describe("simulateTick", () => {
  it("gives online servers a new response time from random(), 20..69", () => {
    const values = [0, 0.9999999];
    let call = 0;
    const out = simulateTick(fleet(), NOW, () => values[call++ % values.length]);
    expect(out[0].responseTime).toBe(20);
    expect(out[4].responseTime).toBe(69);
  });

  it.each([0, 0.9999999, 1])("online response time is an integer in 20..69 when random() returns %p", (r) => {
    const out = simulateTick(fleet(), NOW, () => r);
    for (const server of out.filter((s) => s.status === "online")) {
      expect(Number.isInteger(server.responseTime)).toBe(true);
      expect(server.responseTime).toBeGreaterThanOrEqual(20);
      expect(server.responseTime).toBeLessThanOrEqual(69);
    }
  });

  it("offline has no response time; warning and any other status keep theirs", () => {
    const out = simulateTick(fleet(), NOW, () => 0.5);
    expect(out[1].responseTime).toBeNull();
    expect(out[2].responseTime).toBe(156);
    expect(out[3].responseTime).toBe(321);
  });

  it("calls random() only for the online servers", () => {
    const random = jest.fn(() => 0.1);
    simulateTick(fleet(), NOW, random);
    expect(random).toHaveBeenCalledTimes(2);
  });

  it("sets every server's lastChecked to the time of the tick (ISO, shown in local time by the pages)", () => {
    const out = simulateTick(fleet(), NOW, () => 0.5);
    expect(out.map((s) => s.lastChecked)).toEqual(Array(5).fill(NOW.toISOString()));
    expect(simulateTick(fleet(), new Date("2026-11-23T23:59:01Z"), () => 0)[1].lastChecked).toBe("2026-11-23T23:59:01.000Z");
  });

  it("changes nothing else", () => {
    const input = fleet();
    const out = simulateTick(input, NOW, () => 0.5);
    out.forEach((server, i) => {
      const { responseTime: _r, lastChecked: _l, ...rest } = server;
      const { responseTime: _r0, lastChecked: _l0, ...restIn } = input[i];
      expect(rest).toEqual(restIn);
    });
    expect(out).toHaveLength(input.length);
  });

  it("does not mutate the input array or its servers", () => {
    const input = fleet();
    const snapshot = JSON.parse(JSON.stringify(input)) as unknown;
    input.forEach((s) => Object.freeze(s));
    Object.freeze(input);
    const out = simulateTick(input, NOW, () => 0.5);
    expect(JSON.parse(JSON.stringify(input))).toEqual(snapshot);
    expect(out).not.toBe(input);
    out.forEach((s, i) => expect(s).not.toBe(input[i]));
  });

  it("returns an empty list for no servers", () => {
    expect(simulateTick([], NOW, () => 0.5)).toEqual([]);
  });
});

describe("markChecked", () => {
  it("sets every lastChecked to now and changes nothing else", () => {
    const input = fleet();
    const out = markChecked(input, NOW);
    expect(out).toEqual(input.map((s) => ({ ...s, lastChecked: NOW.toISOString() })));
  });

  it("keeps every response time, online ones included", () => {
    const out = markChecked(fleet(), NOW);
    expect(out.map((s) => s.responseTime)).toEqual([45, null, 156, 321, 38]);
  });

  it("does not mutate the input", () => {
    const input = fleet();
    const snapshot = JSON.parse(JSON.stringify(input)) as unknown;
    input.forEach((s) => Object.freeze(s));
    Object.freeze(input);
    const out = markChecked(input, NOW);
    expect(JSON.parse(JSON.stringify(input))).toEqual(snapshot);
    expect(out).not.toBe(input);
    out.forEach((s, i) => expect(s).not.toBe(input[i]));
  });
});

describe("a simulated server that does not answer", () => {
  it("has no response time on a tick or a Refresh, whatever its figures said", () => {
    const offline = makeServer({ status: "offline", responseTime: 0 });
    expect(simulateTick([offline], NOW, () => 0.5)[0].responseTime).toBeNull();
    expect(markChecked([offline], NOW)[0].responseTime).toBeNull();
  });
});
