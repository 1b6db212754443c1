/** @jest-environment node */
import fc from "fast-check";
import {
  bucketOf,
  bucketValue,
  decodeSketch,
  encodeSketch,
  mergeSketches,
  sketchCount,
  sketchOf,
  sketchPercentile,
} from "../../../src/domain/checks/timeSketch";
import { seededRandom } from "../../../scripts/seededRandom";

/** The exact percentile by nearest rank, as the rollups' p95 is. */
const exact = (times: readonly number[], q: number) => [...times].sort((a, b) => a - b)[Math.max(1, Math.ceil(q * times.length)) - 1];

/** A month of a server's checks, a day at a time (288 a day): log-normal times around a median, with slow spells. */
function generatedMonth(seed: number, median: number, spread: number): number[][] {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Array.from({ length: 30 }, (_, day) =>
    Array.from({ length: 288 }, (_, run) => {
      const slow = day % 7 === 3 && run > 100 && run < 140 ? 4 : 1;
      return Math.max(0, Math.round(median * slow * Math.exp(spread * normal())));
    }),
  );
}

describe("the time sketch's percentiles (#33)", () => {
  it.each([
    ["a near server", 1, 12, 0.4],
    ["a typical server", 2, 45, 0.3],
    ["a far server", 3, 380, 0.5],
    ["a slow one", 4, 2400, 0.8],
  ])(
    "on a month of generated checks of %s, the month's median, p95 and p99 from its days' sketches are within 2 %% of the exact ones",
    (_name, seed, median, spread) => {
      const days = generatedMonth(seed, median, spread);
      const month = mergeSketches(days.map((day) => sketchOf(day)));
      const all = days.flat();
      expect(sketchCount(month)).toBe(30 * 288);
      for (const q of [0.5, 0.95, 0.99]) {
        const want = exact(all, q);
        const got = sketchPercentile(month, q)!;
        expect(Math.abs(got - want) / want).toBeLessThanOrEqual(0.02);
      }
      // An average of the days' p95 is not the month's: the slow spells make the difference the sketch keeps.
      const meanOfDays = days.reduce((n, day) => n + exact(day, 0.95), 0) / days.length;
      expect(Math.abs(meanOfDays - exact(all, 0.95)) / exact(all, 0.95)).toBeGreaterThan(0.02);
    },
  );

  it("property: any times' percentile is within 1.5 % of the exact one, and exact below 34 ms", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: 1, maxLength: 300 }),
        fc.constantFrom(0.5, 0.95, 0.99),
        (times, q) => {
          const want = exact(times, q);
          const got = sketchPercentile(sketchOf(times), q)!;
          if (want < 34) expect(got).toBe(want);
          else expect(Math.abs(got - want) / want).toBeLessThanOrEqual(0.015);
        },
      ),
    );
  });

  it("property: merging is adding up, in any order, and the text on disk reads back as the sketch", () => {
    const times = fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 100 });
    fc.assert(
      fc.property(times, times, (a, b) => {
        const merged = mergeSketches([sketchOf(a), sketchOf(b)]);
        expect(merged).toEqual(sketchOf([...b, ...a]));
        expect(decodeSketch(encodeSketch(merged))).toEqual(new Map([...merged].sort(([x], [y]) => x - y)));
      }),
    );
  });

  it("buckets: 0 ms alone, each whole millisecond its own below 34 ms, in order above", () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketValue(0)).toBe(0);
    for (let ms = 1; ms < 34; ms += 1) expect(bucketValue(bucketOf(ms))).toBe(ms);
    for (let ms = 1; ms < 100_000; ms = Math.ceil(ms * 1.01) + 1) expect(bucketOf(ms + 1)).toBeGreaterThanOrEqual(bucketOf(ms));
    expect(sketchPercentile(new Map(), 0.5)).toBeNull();
  });

  it("reads no damaged text as a sketch", () => {
    // 0 ms in bucket 0; 40 ms twice in bucket 125, 41 ms in 126; 60 times of 100 ms in bucket 156
    const sketch = sketchOf([40, 40, 41, 0, ...Array.from({ length: 60 }, () => 100)]);
    expect(encodeSketch(sketch)).toBe("1.1,125.21,30=60");
    expect(decodeSketch("1.1,125.21,30=60")).toEqual(
      new Map([
        [0, 1],
        [125, 2],
        [126, 1],
        [156, 60],
      ]),
    );
    expect(decodeSketch("3.102")).toEqual(
      new Map([
        [2, 1],
        [4, 2],
      ]),
    );
    expect(decodeSketch("")).toEqual(new Map());
    for (const bad of ["x", "1.1,,2.1", "0.1", "1.0", "1.10", "1=3", "1.1=40", "-1.1", "1:2", "1.A"]) expect(decodeSketch(bad)).toBeNull();
  });
});
