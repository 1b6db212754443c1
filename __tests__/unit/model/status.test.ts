import { isKnownStatus, statusLabel, statusPulses, statusTone } from "../../../src/domain/kernel/status";

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
