import { RECENT_ALERTS_SHOWN, recentAlerts } from "../../../src/model/shell/alerts";
import type { Alert } from "../../../src/domain/kernel/types";

function alert(n: number): Alert {
  return {
    id: `alert-${n}`,
    server: "US-East-1",
    type: "info",
    message: `m${n}`,
    ip: "192.0.2.10",
    location: "Ashburn, USA",
    timestamp: `t${n}`,
  };
}

describe("recentAlerts", () => {
  it("shows 3 (SPEC §9)", () => {
    expect(RECENT_ALERTS_SHOWN).toBe(3);
  });

  it("keeps the first three, in order", () => {
    const all = [1, 2, 3, 4, 5].map(alert);
    expect(recentAlerts(all).map((a) => a.id)).toEqual(["alert-1", "alert-2", "alert-3"]);
  });

  it("keeps all when there are fewer than three", () => {
    expect(recentAlerts([alert(1), alert(2)]).map((a) => a.id)).toEqual(["alert-1", "alert-2"]);
    expect(recentAlerts([])).toEqual([]);
  });

  it("does not change the input list", () => {
    const all = [1, 2, 3, 4].map(alert);
    const out = recentAlerts(all);
    expect(all).toHaveLength(4);
    expect(out).not.toBe(all);
  });
});
