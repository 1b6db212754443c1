import fc from "fast-check";
import { packHistory, packRows, unpackHistory, unpackRows } from "../../../src/model/server/pageHistory";
import type { ServerHistoryFigures } from "../../../src/domain/checks/serverHistory";

/** A server's history as its page's data carries it (#45): packed as tables, unpacked value for value. */
const HOUR = 3_600_000;
const point = fc.record({
  total: fc.nat(300),
  answered: fc.option(fc.nat(300)),
  median: fc.option(fc.nat(60_000)),
  p95: fc.option(fc.nat(60_000)),
});

describe("page history", () => {
  it("any list of points comes back as it was, packed or not (times stepping or not, keys shared or not)", () => {
    const list = fc.oneof(
      // hours that step evenly, as the history writes them
      fc
        .tuple(fc.integer({ min: 0, max: 4e12 }), fc.array(point, { maxLength: 200 }))
        .map(([start, points]) => points.map((p, i) => ({ at: new Date(Math.floor(start / HOUR) * HOUR + i * HOUR).toISOString(), ...p }))),
      // days as dates
      fc
        .tuple(fc.integer({ min: 0, max: 4e12 }), fc.array(fc.record({ up: fc.nat(), total: fc.nat() }), { maxLength: 100 }))
        .map(([start, days]) =>
          days.map((d, i) => ({ date: new Date(Math.floor(start / 864e5) * 864e5 + i * 864e5).toISOString().slice(0, 10), ...d })),
        ),
      // anything else: uneven times, keys that differ, values that are not flat
      fc.array(fc.dictionary(fc.constantFrom("at", "date", "up", "total", "__proto__", "places"), fc.oneof(fc.jsonValue(), fc.nat())), {
        maxLength: 20,
      }),
    );
    fc.assert(
      fc.property(list, (points) => {
        const carried = JSON.parse(JSON.stringify(packRows(points as object[])));
        expect(unpackRows(carried)).toEqual(JSON.parse(JSON.stringify(points)));
      }),
    );
  });

  it("a week of hours is a table a fifth of the list's size, and a history comes back whole", () => {
    const hourly = Array.from({ length: 168 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 21, i)).toISOString(),
      total: 12,
      answered: i === 5 ? 0 : 12,
      median: i === 5 ? null : 100 + (i % 50),
      p95: i === 5 ? null : 300 + (i % 70),
    }));
    const packed = packRows(hourly);
    expect(Array.isArray(packed)).toBe(false);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(hourly).length / 4);
    const history: ServerHistoryFigures = {
      server: "srv-a",
      asOf: "2026-11-28T01:00:00.000Z",
      firstCheck: null,
      uptime: [],
      days: [
        { date: "2026-11-27", up: 1, total: 2, notCheckedMs: 600_000 },
        { date: "2026-11-28", up: 2, total: 2 },
      ],
      hourly,
      daily: [],
    };
    // times that would step past what a Date holds stay as they are
    const far = [{ at: "+275760-09-12T00:00:00.000Z" }, { at: "+275760-09-13T00:00:00.000Z" }, { at: "x" }];
    expect(unpackRows(packRows(far))).toEqual(far);
    // a key of any name is the point's own, "__proto__" included
    const odd = JSON.parse('[{"__proto__":1,"up":2},{"__proto__":3,"up":4}]') as object[];
    expect(Array.isArray(packRows(odd))).toBe(false);
    expect(unpackRows(packRows(odd))).toEqual(odd);
    expect(Object.getPrototypeOf(unpackRows(packRows(odd))[0])).toBe(Object.prototype);
    expect(unpackHistory(JSON.parse(JSON.stringify(packHistory(history))))).toEqual(history);
  });
});
