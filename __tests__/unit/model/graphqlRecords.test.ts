import {
  MAINTENANCE_STATUS,
  toAlerts,
  toChartPoints,
  toReports,
  toSecurityAlerts,
  toServer,
  toServers,
} from "../../../src/model/fleet/graphqlRecords";

const serverRecord = {
  id: "srv-1",
  name: "US-East-1",
  ip: "192.0.2.10",
  location: "Ashburn, USA",
  status: "online",
  uptime: "99.9%",
  responseTime: 45,
  lastChecked: "2026-11-23T10:42:15Z",
  coordinates: [-77.4874, 39.0438],
};

const measured = {
  status: "offline",
  responseTime: 0,
  checkedAt: "2026-11-23T11:00:00.000Z",
  detail: "connection refused",
  uptimeUp: 8630,
  uptimeTotal: 8640,
};

describe("toServer / toServers", () => {
  it("a server down behind a root cause says so first, naming the root from the same list (its id when unknown)", () => {
    const core = { ...serverRecord, id: "core", name: "Core switch", monitored: true, measured: { ...measured, responseTime: null } };
    const app = { ...serverRecord, id: "app", name: "App", monitored: true, measured: { ...measured, responseTime: null, cause: "core" } };
    const [, shown] = toServers([core, app]);
    expect(shown.unreachableBecause).toEqual({ id: "core", name: "Core switch" });
    expect(shown.detail).toBe("unreachable because Core switch is down; connection refused");
    expect(toServer(app).unreachableBecause).toEqual({ id: "core", name: "core" });
    // In maintenance, not checked, or no longer offline: the cause is no cause now.
    for (const now of [
      { ...app.measured, maintenance: true },
      { ...app.measured, notChecked: { foundAt: "2026-11-23T11:20:00.000Z", reason: "no result" } },
      { ...app.measured, status: "online" },
    ]) {
      const server = toServer({ ...app, measured: now });
      expect(server.unreachableBecause).toBeUndefined();
      expect(server.detail).not.toContain("unreachable because");
    }
  });

  it("keeps every field, makes coordinates a [longitude, latitude] pair, and calls a server without a check simulated", () => {
    const server = toServer(serverRecord);
    expect(server).toEqual({ ...serverRecord, coordinates: [-77.4874, 39.0438], source: "simulated", detail: null, uptimeChecks: null });
    expect(server.coordinates).toHaveLength(2);
  });

  it("a measured server keeps when its judged certificate expires; one without says nothing of it", () => {
    const expires = "2026-11-29T12:00:00.000Z";
    expect(toServer({ ...serverRecord, monitored: true, measured: { ...measured, certificateExpires: expires } }).certificateExpires).toBe(
      expires,
    );
    expect(toServer({ ...serverRecord, monitored: true, measured }).certificateExpires).toBeUndefined();
  });

  it("from several places, a measured server has each place's time, none where that place had no answer (#32)", () => {
    const places = [
      { location: "eu-west", status: "online", responseTime: 48 },
      { location: "ap-south", status: "offline", responseTime: null },
      { location: "us-east", status: "warning" },
    ];
    expect(toServer({ ...serverRecord, monitored: true, measured: { ...measured, places } }).placeTimes).toEqual([
      { location: "eu-west", ms: 48 },
      { location: "ap-south", ms: null },
      { location: "us-east", ms: null },
    ]);
    expect("placeTimes" in toServer({ ...serverRecord, monitored: true, measured: { ...measured, places: null } })).toBe(false);
  });

  it("a server the job checked in a maintenance window is shown in maintenance", () => {
    expect(toServer({ ...serverRecord, monitored: true, measured: { ...measured, maintenance: true } }).status).toBe(MAINTENANCE_STATUS);
    expect(MAINTENANCE_STATUS).toBe("maintenance");
    expect(toServer({ ...serverRecord, monitored: true, measured: { ...measured, maintenance: null } }).status).toBe(measured.status);
  });

  it("a server with a check and a result shows the measured figures, uptime over 30 days included", () => {
    const server = toServer({ ...serverRecord, monitored: true, measured });
    expect(server).toMatchObject({
      status: "offline",
      responseTime: 0,
      lastChecked: "2026-11-23T11:00:00.000Z",
      uptime: "99.8%",
      source: "measured",
      detail: "connection refused",
      name: "US-East-1",
    });
  });

  it("a server with a check and no result yet keeps the editors' figures as a sample, never simulated", () => {
    expect(toServer({ ...serverRecord, monitored: true, measured: null })).toMatchObject({
      status: "online",
      uptime: "99.9%",
      source: "sample",
    });
  });

  it("a result left over from a check that was removed is not used", () => {
    expect(toServer({ ...serverRecord, monitored: false, measured })).toMatchObject({ status: "online", source: "simulated" });
  });

  it("drops extra coordinate values", () => {
    expect(toServer({ ...serverRecord, coordinates: [1, 2, 3] }).coordinates).toEqual([1, 2]);
  });

  it("fills missing coordinate values with 0", () => {
    expect(toServer({ ...serverRecord, coordinates: [] }).coordinates).toEqual([0, 0]);
    expect(toServer({ ...serverRecord, coordinates: [5] }).coordinates).toEqual([5, 0]);
  });

  it("maps a list in order without changing the records", () => {
    const records = [serverRecord, { ...serverRecord, id: "srv-2", coordinates: [10, 20] }];
    const out = toServers(records);
    expect(out.map((s) => s.id)).toEqual(["srv-1", "srv-2"]);
    expect(out[1].coordinates).toEqual([10, 20]);
    expect(records[1].coordinates).toEqual([10, 20]);
    expect(out[0]).not.toBe(records[0]);
  });
});

describe("the other converters keep every field", () => {
  it("toAlerts", () => {
    const r = { id: "a1", server: "S", type: "warning", message: "m", ip: "192.0.2.1", location: "c, r", timestamp: "t" };
    expect(toAlerts([r])).toEqual([r]);
  });

  it("toChartPoints copies the points", () => {
    const points = [{ time: "00:00", responseTime: 45, uptime: 99.9 }];
    const out = toChartPoints(points);
    expect(out).toEqual(points);
    expect(out[0]).not.toBe(points[0]);
  });

  it("toSecurityAlerts", () => {
    const r = { id: "sec-1", type: "high", message: "m", time: "5 minutes ago", status: "active" };
    expect(toSecurityAlerts([r])).toEqual([r]);
  });

  it("toReports keeps the download file", () => {
    const r = {
      id: "rep-1",
      name: "n",
      type: "Performance",
      date: "2026-11-01",
      status: "completed",
      size: "0.2 KB",
      file: "/reports/x.csv",
    };
    expect(toReports([r])).toEqual([r]);
    expect(toReports([{ ...r, file: null }])[0].file).toBeNull();
  });
});

describe("what a measured server's figures cover", () => {
  it("a server that did not answer has no response time, and its uptime says how many checks since when", () => {
    const server = toServer({
      ...serverRecord,
      monitored: true,
      measured: { ...measured, responseTime: null, uptimeUp: 0, uptimeTotal: 3, uptimeSince: "2026-11-23T10:50:00.000Z" },
    });
    expect(server.responseTime).toBeNull();
    expect(server.uptimeChecks).toEqual({ up: 0, total: 3, since: "2026-11-23T10:50:00.000Z" });
  });

  it("a result without uptimeSince (an older job) has no since; an unmeasured server has no count", () => {
    expect(toServer({ ...serverRecord, monitored: true, measured }).uptimeChecks).toEqual({ up: 8630, total: 8640, since: null });
    expect(toServer(serverRecord).uptimeChecks).toBeNull();
    expect(toServer({ ...serverRecord, monitored: true }).uptimeChecks).toBeNull();
  });

  it("an editors' offline server may say null for its response time", () => {
    expect(toServer({ ...serverRecord, status: "offline", responseTime: null }).responseTime).toBeNull();
  });
});
