import fc from "fast-check";
import { isKnownStatus, placeSpreadWords, statusLabel, statusPulses, statusTone } from "../../../src/domain/kernel/status";

describe("placeSpreadWords (#32)", () => {
  it("says nothing from one place, the one that answered, or none", () => {
    expect(placeSpreadWords({})).toBeNull();
    expect(placeSpreadWords({ placeTimes: [] })).toBeNull();
    expect(
      placeSpreadWords({
        placeTimes: [
          { location: "a", ms: 12 },
          { location: "b", ms: null },
        ],
      }),
    ).toBe("only a answered, 12 ms; no answer from b");
    expect(
      placeSpreadWords({
        placeTimes: [
          { location: "a", ms: null },
          { location: "b", ms: null },
        ],
      }),
    ).toBe("no answer from a, b");
  });

  it("property: the fastest named has the least time, the slowest the most, and every silent place is named", () => {
    const place = fc.record({
      location: fc.stringMatching(/^[a-z]{2,8}-[a-z]{2,6}$/),
      ms: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(place, { minLength: 2, maxLength: 8, selector: (p) => p.location }), (placeTimes) => {
        const words = placeSpreadWords({ placeTimes })!;
        const timed = placeTimes.filter((p) => p.ms !== null).map((p) => p.ms!);
        const found = /^fastest (\S+) (\d+) ms, slowest (\S+) (\d+) ms/.exec(words);
        if (timed.length >= 2) {
          expect(Number(found![2])).toBe(Math.min(...timed));
          expect(Number(found![4])).toBe(Math.max(...timed));
          expect(placeTimes.find((p) => p.location === found![1])!.ms).toBe(Math.min(...timed));
          expect(placeTimes.find((p) => p.location === found![3])!.ms).toBe(Math.max(...timed));
        } else {
          expect(found).toBeNull();
        }
        for (const silent of placeTimes.filter((p) => p.ms === null)) expect(words).toContain(silent.location);
      }),
    );
  });
});

describe("isKnownStatus / statusTone", () => {
  it.each(["online", "offline", "warning"])("%s is a known status with its own tone", (status) => {
    expect(isKnownStatus(status)).toBe(true);
    expect(statusTone(status)).toBe(status);
  });

  it.each(["maintenance", "", "Online", " online", "OFFLINE", "unknown"])("%j is not known and is neutral", (status) => {
    expect(isKnownStatus(status)).toBe(false);
    expect(statusTone(status)).toBe("neutral");
  });
});

describe("statusLabel", () => {
  it.each([
    ["online", "Online"],
    ["offline", "Offline"],
    ["warning", "Warning"],
    ["maintenance", "Maintenance"],
    ["  degraded ", "Degraded"],
    ["x", "X"],
  ])("%j reads %j (capitalised first letter)", (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it("keeps the rest of the text as written", () => {
    expect(statusLabel("partial OUTAGE")).toBe("Partial OUTAGE");
  });

  it.each(["", "   "])("an empty status %j reads Unknown", (status) => {
    expect(statusLabel(status)).toBe("Unknown");
  });
});

describe("statusPulses", () => {
  it("online and offline pulse", () => {
    expect(statusPulses("online")).toBe(true);
    expect(statusPulses("offline")).toBe(true);
  });
  it.each(["warning", "maintenance", "", "Online"])("%j does not pulse", (status) => {
    expect(statusPulses(status)).toBe(false);
  });
});
