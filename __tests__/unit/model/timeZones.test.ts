/**
 * Times said with their zone: UTC, or the reader's zone with its offset named.
 * Jest runs in UTC (jest.config.js sets TZ), where the local form must say
 * 'UTC' too; pages under other zones (New York, Kolkata) are tested in the
 * browser with Playwright's timezoneId (e2e/timeZones.spec.ts).
 */
import fc from "fast-check";
import { formatWhen, zoneName } from "../../../src/domain/kernel/format";

const summer = new Date("2026-07-01T12:34:56Z");
const winter = new Date("2026-11-27T05:06:07Z");

describe("formatWhen", () => {
  it("says UTC as UTC, whatever the reader's zone", () => {
    expect(formatWhen(winter, "utc")).toBe("2026-11-27 05:06 UTC");
    expect(formatWhen(winter, "utc", { seconds: true, date: false })).toBe("05:06:07 UTC");
  });

  it("says a local time with the zone's offset then: daylight saving included", () => {
    // The name is the process zone's offset at that date, as the Date itself knows it.
    const offsetName = (d: Date) => {
      const minutes = -d.getTimezoneOffset();
      if (minutes === 0) return "UTC";
      const h = Math.trunc(Math.abs(minutes) / 60);
      const m = Math.abs(minutes) % 60;
      return `GMT${minutes < 0 ? "-" : "+"}${h}${m ? `:${String(m).padStart(2, "0")}` : ""}`;
    };
    for (const date of [summer, winter]) {
      expect(zoneName(date, "local")).toBe(offsetName(date));
      const text = formatWhen(date, "local", { seconds: true });
      expect(text.endsWith(` ${offsetName(date)}`)).toBe(true);
      // The time shown, read back in that offset, is the instant.
      const [day, clock] = text.split(" ");
      const minutes = -date.getTimezoneOffset();
      const asUtc = Date.parse(`${day}T${clock}Z`) - minutes * 60_000;
      expect(asUtc).toBe(Math.floor(date.getTime() / 1000) * 1000);
    }
  });

  it("gives any instant back from its UTC words", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1971-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (date) => {
        const [day, clock] = formatWhen(date, "utc", { seconds: true }).split(" ");
        expect(Date.parse(`${day}T${clock}Z`)).toBe(Math.floor(date.getTime() / 1000) * 1000);
      }),
    );
  });
});
