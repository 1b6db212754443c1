import { MARKER_COLORS, MARKER_SIZE_PX, markerColor, markerLabel, POPUP_OFFSET_PX, popupLines } from "../../../src/model/map/markers";
import { makeServer } from "../fixtures";

describe("marker constants (SPEC §2 /map)", () => {
  it("are the fixed colours, 20px size and popup offset 25", () => {
    expect(MARKER_COLORS).toEqual({ online: "#10b981", offline: "#ef4444", other: "#f59e0b" });
    expect(MARKER_SIZE_PX).toBe(20);
    expect(POPUP_OFFSET_PX).toBe(25);
  });
});

describe("markerColor", () => {
  it.each([
    ["online", "#10b981"],
    ["offline", "#ef4444"],
    ["warning", "#f59e0b"],
    ["maintenance", "#f59e0b"],
    ["", "#f59e0b"],
    ["Online", "#f59e0b"],
  ])("%j -> %s", (status, colour) => {
    expect(markerColor(status)).toBe(colour);
  });
});

describe("markerLabel", () => {
  it("names the server, its status label and location", () => {
    expect(markerLabel(makeServer({ name: "EU-West-1", status: "online", location: "Dublin, Ireland" }))).toBe(
      "EU-West-1, Online, Dublin, Ireland",
    );
    expect(markerLabel(makeServer({ name: "X", status: "", location: "Oslo, Norway" }))).toBe("X, Unknown, Oslo, Norway");
  });
});

describe("popupLines", () => {
  it("has the name as title and IP, Location, Status, then the live Response and Last checked lines", () => {
    const server = makeServer({
      name: "AP-East-1",
      ip: "203.0.113.58",
      location: "Hong Kong, China",
      status: "offline",
      responseTime: null,
      lastChecked: "2026-11-23T10:37:02Z",
      source: "measured",
      detail: "connection refused",
    });
    expect(popupLines(server)).toEqual({
      title: "AP-East-1",
      lines: [
        ["IP", "203.0.113.58"],
        ["Location", "Hong Kong, China"],
        ["Status", "Offline"],
        ["Response", "—"],
        ["Last checked", "10:37:02 UTC"],
        ["Figures", "Measured: connection refused"],
      ],
    });
    expect(popupLines(makeServer({ source: "simulated" })).lines[5]).toEqual(["Figures", "Simulated"]);
    expect(popupLines(makeServer({ source: "sample" })).lines[5]).toEqual(["Figures", "Sample (not checked yet)"]);
    expect(popupLines(server).lines).toHaveLength(6);
  });

  it("from several places, names the fastest and the slowest place, and those with no answer (#32)", () => {
    const server = makeServer({
      placeTimes: [
        { location: "us-east", ms: 30 },
        { location: "ap-south", ms: 120 },
        { location: "eu-west", ms: 48 },
        { location: "eu-north", ms: null },
      ],
    });
    expect(popupLines(server).lines.at(-1)).toEqual([
      "From each place",
      "fastest us-east 30 ms, slowest ap-south 120 ms; no answer from eu-north",
    ]);
  });

  it("keeps markup-looking text as plain text, unescaped and unchanged", () => {
    const name = '<img src=x onerror="alert(1)">';
    const popup = popupLines(makeServer({ name, location: "<b>Paris</b>, France", status: "maintenance" }));
    expect(popup.title).toBe(name);
    expect(popup.lines[1]).toEqual(["Location", "<b>Paris</b>, France"]);
    expect(popup.lines[2]).toEqual(["Status", "Maintenance"]);
  });
});
