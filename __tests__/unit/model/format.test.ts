import { formatClock, formatCount, formatIsoDate, formatMs } from "../../../src/domain/kernel/format";

describe("formatCount", () => {
  it("groups thousands with commas", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(10000)).toBe("10,000");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-1234.5)).toBe("-1,234.5");
  });

  it("writes every count as en-US's number format does", () => {
    const counts = [1, 12, 123, 1001, 99999, 100000, 250000, 999999, 1000000, 31415926];
    for (const count of counts) expect(formatCount(count)).toBe(count.toLocaleString("en-US"));
    for (let count = 0; count < 20000; count += 37) expect(formatCount(count)).toBe(count.toLocaleString("en-US"));
  });
});

describe("formatMs", () => {
  it.each<[number, string]>([
    [45, "45 ms"],
    [0, "0 ms"],
    [156, "156 ms"],
    [45.4, "45 ms"],
    [45.5, "46 ms"],
    [1234567, "1234567 ms"],
  ])("%p -> %j", (ms, text) => {
    expect(formatMs(ms)).toBe(text);
  });

  it.each([NaN, Infinity, -Infinity])("%p (not finite) reads as an em dash", (ms) => {
    expect(formatMs(ms)).toBe("—");
  });
});

describe("formatClock (local HH:MM:SS; TZ is pinned to UTC)", () => {
  it("pads every part to two digits", () => {
    expect(formatClock(new Date(2026, 0, 2, 3, 4, 5))).toBe("03:04:05");
  });
  it("uses the 24-hour clock", () => {
    expect(formatClock(new Date(2026, 10, 23, 23, 59, 59))).toBe("23:59:59");
    expect(formatClock(new Date(2026, 10, 23, 0, 0, 0))).toBe("00:00:00");
    expect(formatClock(new Date(2026, 10, 23, 12, 30, 0))).toBe("12:30:00");
  });
  it("reads the local wall clock (UTC here)", () => {
    expect(formatClock(new Date("2026-11-23T10:42:15Z"))).toBe("10:42:15");
  });
  it("ignores milliseconds", () => {
    expect(formatClock(new Date(2026, 10, 23, 10, 42, 15, 999))).toBe("10:42:15");
  });
});

describe("formatIsoDate (local YYYY-MM-DD)", () => {
  it("pads month and day", () => {
    expect(formatIsoDate(new Date(2026, 0, 5))).toBe("2026-01-05");
  });
  it("uses the 1-based month", () => {
    expect(formatIsoDate(new Date(2026, 11, 31, 23, 59, 59))).toBe("2026-12-31");
    expect(formatIsoDate(new Date(2026, 10, 23))).toBe("2026-11-23");
  });
  it("reads the local date (UTC here) just before midnight", () => {
    expect(formatIsoDate(new Date("2026-02-28T23:59:59Z"))).toBe("2026-02-28");
    expect(formatIsoDate(new Date("2026-03-01T00:00:00Z"))).toBe("2026-03-01");
  });
});
