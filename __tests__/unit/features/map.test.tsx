import { act, screen, waitFor, within, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Server } from "../../../src/domain/kernel/types";
import { MapCard } from "../../../src/features/map/MapCard";
import { MapSection } from "../../../src/features/map/MapSection";
import { ServerLocations } from "../../../src/features/map/ServerLocations";
import { mapPlaces } from "../../../src/model/map/mapPlaces";
import { SvgWorldMap } from "../../../src/features/map/SvgWorldMap";
import type { MapSelection } from "../../../src/features/map/useMapboxGlobe";
import { CLUSTER_ABOVE } from "../../../src/features/map/globe";
import { markerLabel } from "../../../src/model/map/markers";
import { makeServer, wholeFleet } from "../fixtures";
import { TimeZoneProvider } from "../../../src/components/domain/TimeZone";
import { FakeNavigationControl, consoleText, fake, markerOf, type FakeMap } from "./mapboxFake";

jest.mock("mapbox-gl", () => require("./mapboxFake").mapboxModule());
// jsdom loads no stylesheets: the globe's CSS "loads" at once (the browser tests load the real one).
const mockLoadStylesheet = jest.fn((_href: string) => Promise.resolve());
jest.mock("../../../src/components/ui/loadStylesheet", () => ({ loadStylesheet: (href: string) => mockLoadStylesheet(href) }));

/** Taken right after the imports: MapCard must not pull mapbox-gl in with the page. */
const loadsAtImport = fake.loads;

const TOKEN = "pk.test-token-abc123";
const GREEN = "rgb(16, 185, 129)";
const RED = "rgb(239, 68, 68)";
const AMBER = "rgb(245, 158, 11)";
const XSS_NAME = "<img src=x onerror=alert(1)>";

let errorSpy: jest.SpyInstance;

beforeEach(() => {
  fake.reset();
  errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  errorSpy.mockRestore();
  localStorage.clear();
  sessionStorage.clear();
});

function sixServers(): Server[] {
  return [
    makeServer({ name: "Alpha", status: "online", coordinates: [-74.0, 40.7], location: "New York, USA" }),
    makeServer({ name: "Bravo", status: "offline", coordinates: [139.7, 35.7], location: "Tokyo, Japan" }),
    makeServer({ name: "Charlie", status: "warning", coordinates: [2.35, 48.86], location: "Paris, France" }),
    makeServer({ name: "Delta", status: "maintenance", coordinates: [151.2, -33.9], location: "Sydney, Australia" }),
    makeServer({ name: XSS_NAME, status: "online", coordinates: [-6.26, 53.35], location: "<b>Dublin</b>, Ireland", ip: "203.0.113.7" }),
    makeServer({ name: "Foxtrot", status: "offline", coordinates: [-46.6, -23.5], location: "São Paulo, Brazil" }),
  ];
}

const tokenInput = () => screen.getByLabelText("Mapbox public token");
const setupPanel = () => screen.queryByRole("form", { name: "Setup Mapbox" });

function renderCard(servers: readonly Server[]) {
  const utils = render(<MapCard servers={servers} globeServers={servers} />);
  const rerenderCard = (next: readonly Server[], selection: MapSelection | null = null) =>
    utils.rerender(<MapCard servers={next} globeServers={next} selection={selection} />);
  return { ...utils, rerenderCard };
}

/** Types the token and presses Initialize Map; resolves once the Map has been constructed. */
async function pressInitialize(user: ReturnType<typeof userEvent.setup>, token = TOKEN, mapsBefore = fake.maps.length) {
  if ((tokenInput() as HTMLInputElement).value === "") await user.type(tokenInput(), token);
  await user.click(screen.getByRole("button", { name: "Initialize Map" }));
  await waitFor(() => expect(fake.maps.length).toBeGreaterThan(mapsBefore));
  return fake.maps[fake.maps.length - 1];
}

async function fire(map: FakeMap, type: string, event?: Record<string, unknown>) {
  await act(async () => {
    map.fire(type, event);
  });
}

/** Renders the card and brings the globe all the way up. */
async function startGlobe(servers: readonly Server[], token = TOKEN) {
  const user = userEvent.setup();
  const utils = renderCard(servers);
  const map = await pressInitialize(user, token);
  await fire(map, "style.load");
  await fire(map, "load");
  await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
  return { user, map, ...utils };
}

describe("Setup Mapbox panel", () => {
  it("mapbox-gl is not loaded with the page, only when Initialize Map is pressed", async () => {
    expect(loadsAtImport).toBe(0);
    const user = userEvent.setup();
    renderCard(sixServers());
    expect(fake.maps).toHaveLength(0);
    await pressInitialize(user);
    expect(fake.loads).toBeGreaterThanOrEqual(1);
  });

  it("Initialize Map is disabled while the password-type token field is empty, enabled after typing", async () => {
    const user = userEvent.setup();
    renderCard(sixServers());
    const input = tokenInput();
    expect(input).toHaveAttribute("type", "password");
    const button = screen.getByRole("button", { name: "Initialize Map" });
    expect(button).toBeDisabled();
    await user.type(input, "   ");
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, "pk.x");
    expect(button).toBeEnabled();
    await user.clear(input);
    expect(button).toBeDisabled();
  });

  it("pressing Enter in the field with an empty token does nothing", async () => {
    const user = userEvent.setup();
    renderCard(sixServers());
    await user.type(tokenInput(), "{Enter}");
    await act(async () => {});
    expect(fake.maps).toHaveLength(0);
  });

  it("before the globe is up, the flat SVG map shows the servers", () => {
    const servers = sixServers();
    renderCard(servers);
    const svg = screen.getByRole("group", { name: "World map of the servers" });
    expect(within(svg).getAllByRole("img")).toHaveLength(servers.length);
  });
});

describe("initialising the globe", () => {
  it("shows a loading text while pending, then builds the dark globe with the typed token", async () => {
    const user = userEvent.setup();
    const servers = sixServers();
    renderCard(servers);
    const map = await pressInitialize(user);

    const busy = screen.getByRole("button", { name: /loading map/i });
    // it says it is busy and refuses a second press, but keeps keyboard focus (not disabled)
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("button", { name: "Initialize Map" })).not.toBeInTheDocument();
    expect(setupPanel()).toBeInTheDocument();
    // mapbox-gl's stylesheet is linked now, not with the page
    expect(mockLoadStylesheet).toHaveBeenCalledWith(expect.stringMatching(/mapbox-gl.*\.css$/));

    expect(fake.maps).toHaveLength(1);
    expect(map.options).toMatchObject({
      style: "mapbox://styles/mapbox/dark-v11",
      center: [0, 20],
      zoom: 2,
      projection: "globe",
      accessToken: TOKEN,
    });
    expect(map.options.container).toBe(screen.getByTestId("globe"));

    expect(map.addControl).toHaveBeenCalledTimes(1);
    const [control, position] = map.addControl.mock.calls[0];
    expect(control).toBeInstanceOf(FakeNavigationControl);
    expect(position).toBe("top-right");

    // atmosphere fog is set when the style loads, not before
    expect(map.setFog).not.toHaveBeenCalled();
    await fire(map, "style.load");
    expect(map.setFog).toHaveBeenCalledTimes(1);
    expect(map.setFog.mock.calls[0][0]).toEqual(expect.objectContaining({ color: expect.any(String) }));

    // still loading until 'load'
    expect(setupPanel()).toBeInTheDocument();
    expect(fake.markers).toHaveLength(0);

    await fire(map, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
    expect(screen.queryByLabelText("Mapbox public token")).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "World map of the servers" })).not.toBeInTheDocument();
    expect(fake.maps).toHaveLength(1);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it("trims the typed token before handing it to the map", async () => {
    const user = userEvent.setup();
    renderCard(sixServers());
    const map = await pressInitialize(user, `  ${TOKEN}  `);
    expect(map.options.accessToken).toBe(TOKEN);
  });

  it("a server chosen while the globe is up is flown to with its popup open; choosing it again flies again", async () => {
    const servers = sixServers();
    const { map, rerenderCard } = await startGlobe(servers);
    rerenderCard(servers, { id: servers[2].id, seq: 1 });
    await waitFor(() => expect(map.flyTo).toHaveBeenCalledTimes(1));
    expect(map.flyTo).toHaveBeenLastCalledWith(expect.objectContaining({ center: [...servers[2].coordinates] }));
    expect(markerOf(servers[2].id).popup!.open).toBe(true);
    rerenderCard(servers, { id: servers[2].id, seq: 2 });
    await waitFor(() => expect(map.flyTo).toHaveBeenCalledTimes(2));
  });

  it("a choice made before the globe was up is not replayed when it comes up", async () => {
    const user = userEvent.setup();
    const servers = sixServers();
    const { rerenderCard } = renderCard(servers);
    rerenderCard(servers, { id: servers[1].id, seq: 1 });
    const map = await pressInitialize(user);
    await fire(map, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
    expect(map.flyTo).not.toHaveBeenCalled();
    expect(fake.popups.some((p) => p.open)).toBe(false);
  });
});

describe("markers", () => {
  it("one 20px round, keyboard-reachable, named marker per server, coloured by status", async () => {
    const servers = sixServers();
    const { map } = await startGlobe(servers);
    expect(fake.markers).toHaveLength(servers.length);
    const expected: Record<string, string> = { Alpha: GREEN, Bravo: RED, Charlie: AMBER, Delta: AMBER, [XSS_NAME]: GREEN, Foxtrot: RED };

    for (const server of servers) {
      const marker = markerOf(server.id);
      const el = marker.element;
      expect(marker.options.element).toBe(el);
      expect(el.style.backgroundColor).toBe(expected[server.name]);
      expect(el.style.width).toBe("20px");
      expect(el.style.height).toBe("20px");
      expect(el).toHaveAttribute("role", "button");
      expect(el.tabIndex).toBe(0);
      expect(el.getAttribute("aria-label")).toContain(server.name);
      expect(el.getAttribute("aria-label")).toBe(markerLabel(server));
      expect(marker.setLngLat).toHaveBeenCalledWith([...server.coordinates]);
      expect(marker.lngLat).toEqual([...server.coordinates]);
      expect(marker.addTo).toHaveBeenCalledWith(map);
      expect(marker.popup).not.toBeNull();
      // the marker is in the page and found by its accessible name
      expect(screen.getByRole("button", { name: markerLabel(server) })).toBe(el);
    }
  });

  it("online and offline markers pulse; warning and other statuses do not", async () => {
    const servers = sixServers();
    await startGlobe(servers);
    const pulsing = servers.filter((s) => markerOf(s.id).element.hasAttribute("data-pulse")).map((s) => s.status);
    expect(pulsing.sort()).toEqual(["offline", "offline", "online", "online"]);
    expect(markerOf(servers[2].id).element).not.toHaveAttribute("data-pulse");
    expect(markerOf(servers[3].id).element).not.toHaveAttribute("data-pulse");
  });

  it("each popup has offset 25 and its content is text: name, IP, location and status", async () => {
    const servers = sixServers();
    await startGlobe(servers);
    expect(fake.popups).toHaveLength(servers.length);
    for (const popup of fake.popups) expect(popup.options).toEqual(expect.objectContaining({ offset: 25 }));

    const xss = servers[4];
    const popup = markerOf(xss.id).popup!;
    // Built when it opens, not before.
    expect(popup.setDOMContent).not.toHaveBeenCalled();
    await act(async () => {
      markerOf(xss.id).togglePopup();
    });
    expect(popup.setDOMContent).toHaveBeenCalledTimes(1);
    const node = popup.content as HTMLElement;
    expect(node).toBeInstanceOf(HTMLElement);
    expect(node.textContent).toContain(XSS_NAME);
    expect(node.textContent).toContain("203.0.113.7");
    expect(node.textContent).toContain("<b>Dublin</b>, Ireland");
    expect(node.textContent).toContain("Online");
    expect(node.querySelector("img")).toBeNull();
    expect(node.querySelector("b")).toBeNull();
    expect(markerOf(xss.id).element.querySelector("img")).toBeNull();
    expect(document.querySelector("img")).toBeNull();

    for (const p of fake.popups) expect(p.setHTML).not.toHaveBeenCalled();
  });

  it("Enter and Space on a focused marker toggle its popup", async () => {
    const servers = sixServers();
    const { user } = await startGlobe(servers);
    const marker = markerOf(servers[0].id);
    act(() => marker.element.focus());
    expect(marker.element).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(marker.togglePopup).toHaveBeenCalledTimes(1);
    expect(marker.popup!.open).toBe(true);
    await user.keyboard(" ");
    expect(marker.togglePopup).toHaveBeenCalledTimes(2);
    expect(marker.popup!.open).toBe(false);
  });
});

describe("markers follow the live servers", () => {
  it("a status change updates the existing marker and popup without a new Map or Marker", async () => {
    const servers = sixServers();
    const { map, rerenderCard } = await startGlobe(servers);
    const alpha = servers[0];
    const before = markerOf(alpha.id);
    await act(async () => {
      before.togglePopup();
    });
    const markersMade = fake.markers.length;
    const popupsMade = fake.popups.length;

    const next = servers.map((s) => (s.id === alpha.id ? { ...s, status: "offline", ip: "198.51.100.9" } : s));
    rerenderCard(next);

    await waitFor(() => expect(before.element.style.backgroundColor).toBe(RED));
    expect(markerOf(alpha.id)).toBe(before);
    expect(fake.maps).toHaveLength(1);
    expect(fake.markers).toHaveLength(markersMade);
    expect(fake.popups).toHaveLength(popupsMade);
    expect(map.remove).not.toHaveBeenCalled();
    expect(before.element.getAttribute("aria-label")).toContain("Offline");
    expect(before.element).toHaveAttribute("data-pulse");
    const content = before.popup!.content as HTMLElement;
    expect(content.textContent).toContain("Offline");
    expect(content.textContent).toContain("198.51.100.9");
    expect(content.textContent).not.toContain("Online");
  });

  it("on an update only the open popup is rebuilt; closed ones get no DOM", async () => {
    const servers = sixServers();
    const { rerenderCard } = await startGlobe(servers);
    await act(async () => {
      markerOf(servers[0].id).togglePopup();
    });
    rerenderCard(servers.map((s) => ({ ...s, responseTime: (s.responseTime ?? 0) + 1 })));
    await waitFor(() => expect(markerOf(servers[0].id).popup!.setDOMContent).toHaveBeenCalledTimes(2));
    for (const server of servers.slice(1)) expect(markerOf(server.id).popup!.setDOMContent).not.toHaveBeenCalled();
  });

  it("Times in UTC switched: the open popup says its times the new way at once, the closed ones are not built", async () => {
    const servers = sixServers();
    const user = userEvent.setup();
    const card = (mode: "local" | "utc") => (
      <TimeZoneProvider mode={mode}>
        <MapCard servers={servers} globeServers={servers} />
      </TimeZoneProvider>
    );
    const { rerender } = render(card("local"));
    const map = await pressInitialize(user);
    await fire(map, "style.load");
    await fire(map, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
    await act(async () => {
      markerOf(servers[0].id).togglePopup();
    });
    const open = markerOf(servers[0].id).popup!;
    expect(open.setDOMContent).toHaveBeenCalledTimes(1);
    rerender(card("utc"));
    await waitFor(() => expect(open.setDOMContent).toHaveBeenCalledTimes(2));
    expect((open.content as HTMLElement).textContent).toContain("UTC");
    for (const server of servers.slice(1)) expect(markerOf(server.id).popup!.setDOMContent).not.toHaveBeenCalled();
  });

  it("a change to an other status stops the pulse and turns the marker amber", async () => {
    const servers = sixServers();
    const { rerenderCard } = await startGlobe(servers);
    const bravo = servers[1];
    rerenderCard(servers.map((s) => (s.id === bravo.id ? { ...s, status: "warning" } : s)));
    const el = markerOf(bravo.id).element;
    await waitFor(() => expect(el.style.backgroundColor).toBe(AMBER));
    expect(el).not.toHaveAttribute("data-pulse");
  });

  it("moved servers move, removed servers lose their marker, new servers get one", async () => {
    const servers = sixServers();
    const { rerenderCard } = await startGlobe(servers);
    const [alpha, bravo] = servers;
    const bravoMarker = markerOf(bravo.id);
    const echo = makeServer({ name: "Echo", status: "online", coordinates: [10, 10] });
    const next = [{ ...alpha, coordinates: [12.5, 41.9] as const }, ...servers.slice(2), echo];
    rerenderCard(next);

    await waitFor(() => expect(bravoMarker.remove).toHaveBeenCalled());
    expect(bravoMarker.element.isConnected).toBe(false);
    expect(screen.queryByRole("button", { name: markerLabel(bravo) })).not.toBeInTheDocument();
    expect(markerOf(alpha.id).lngLat).toEqual([12.5, 41.9]);
    expect(markerOf(echo.id).element.style.backgroundColor).toBe(GREEN);
    expect(fake.markers.filter((m) => !m.removed)).toHaveLength(next.length);
    expect(fake.maps).toHaveLength(1);
    for (const s of servers.slice(2)) expect(fake.markers.filter((m) => m.element.dataset.serverId === s.id)).toHaveLength(1);
  });
});

describe("leaving the page", () => {
  it("unmount removes the map and its markers", async () => {
    const { map, unmount } = await startGlobe(sixServers());
    expect(fake.markers).toHaveLength(6);
    unmount();
    expect(map.remove).toHaveBeenCalledTimes(1);
    expect(fake.markers.every((m) => m.remove.mock.calls.length >= 1)).toBe(true);
  });

  it("unmount while the map is still loading removes it, and a late 'load' does nothing", async () => {
    const user = userEvent.setup();
    const { unmount } = renderCard(sixServers());
    const map = await pressInitialize(user);
    unmount();
    expect(map.remove).toHaveBeenCalledTimes(1);
    await fire(map, "load");
    expect(fake.markers).toHaveLength(0);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it("coming back works: a fresh map, and nothing of the old one is left", async () => {
    const first = await startGlobe(sixServers());
    first.unmount();
    expect(first.map.remove).toHaveBeenCalledTimes(1);

    const servers = sixServers();
    const second = await startGlobe(servers);
    expect(fake.maps).toHaveLength(2);
    expect(second.map).not.toBe(first.map);
    expect(second.map.remove).not.toHaveBeenCalled();
    expect(fake.markers.filter((m) => !m.removed)).toHaveLength(servers.length);
    expect(fake.markers.filter((m) => !m.removed).every((m) => m.map === second.map)).toBe(true);
  });
});

describe("failure paths", () => {
  it("a refused token (401 before load): panel stays, message says so, console gets it without the token, retry works", async () => {
    const secret = "pk.secret123";
    const user = userEvent.setup();
    renderCard(sixServers());
    const map = await pressInitialize(user, secret);
    await fire(map, "error", {
      error: { status: 401, message: `Unauthorized: https://api.mapbox.com/styles/v1/mapbox/dark-v11?access_token=${secret}` },
    });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/refused the token/i);
    expect(setupPanel()).toBeInTheDocument();
    expect(within(setupPanel()!).getByRole("alert")).toBe(alert);
    expect(tokenInput()).toBeInTheDocument();
    expect(map.remove).toHaveBeenCalled();

    expect(errorSpy).toHaveBeenCalled();
    expect(consoleText(errorSpy)).not.toContain(secret);
    expect(alert.textContent).not.toContain(secret);

    // try again: the field still holds the token, the button works
    const retry = screen.getByRole("button", { name: "Initialize Map" });
    expect(retry).toBeEnabled();
    const second = await pressInitialize(user, secret, 1);
    expect(second).not.toBe(map);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await fire(second, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
    expect(fake.markers.filter((m) => !m.removed)).toHaveLength(6);
  });

  it("a refused token given as mapbox's own Error (status 403, URL with the token) is classified and scrubbed", async () => {
    const secret = "pk.secret123";
    const user = userEvent.setup();
    renderCard(sixServers());
    const map = await pressInitialize(user, secret);
    const error = Object.assign(new Error(`Forbidden (403): https://api.mapbox.com/styles/v1/mapbox/dark-v11?access_token=${secret}`), {
      status: 403,
      url: `https://api.mapbox.com/styles/v1/mapbox/dark-v11?access_token=${secret}`,
    });
    await fire(map, "error", { error });
    expect(await screen.findByRole("alert")).toHaveTextContent(/refused the token/i);
    expect(errorSpy).toHaveBeenCalled();
    expect(consoleText(errorSpy)).not.toContain(secret);
    expect(consoleText(errorSpy)).toContain("Forbidden");
  });

  it("WebGL missing (the Map constructor throws): message about WebGL, panel stays, retry works", async () => {
    const user = userEvent.setup();
    renderCard(sixServers());
    fake.constructError = new Error("Failed to initialize WebGL");
    await user.type(tokenInput(), TOKEN);
    await user.click(screen.getByRole("button", { name: "Initialize Map" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/WebGL/);
    expect(setupPanel()).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalled();
    expect(consoleText(errorSpy)).toContain("WebGL");
    expect(consoleText(errorSpy)).not.toContain(TOKEN);
    expect(tokenInput()).toHaveAttribute("aria-invalid", "true");

    fake.constructError = null;
    const map = await pressInitialize(user, TOKEN, 0);
    await fire(map, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
  });

  it("an error after the globe is up is logged (scrubbed) and does not bring the panel back", async () => {
    const { map } = await startGlobe(sixServers());
    await fire(map, "error", { error: new Error(`tile failed https://api.mapbox.com/v4/x.vector.pbf?access_token=${TOKEN}`) });
    expect(errorSpy).toHaveBeenCalled();
    expect(consoleText(errorSpy)).toContain("tile failed");
    expect(consoleText(errorSpy)).not.toContain(TOKEN);
    expect(setupPanel()).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(map.remove).not.toHaveBeenCalled();
  });

  it("a token refused after the globe is up (a 401 on a later request) takes the globe down and brings the panel back with the message", async () => {
    const { map } = await startGlobe(sixServers());
    await fire(map, "error", {
      error: { message: "Unauthorized", status: 401, url: `https://api.mapbox.com/map-sessions/v1?access_token=${TOKEN}` },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Mapbox refused the token");
    expect(setupPanel()).toBeInTheDocument();
    expect(map.remove).toHaveBeenCalledTimes(1);
    expect(consoleText(errorSpy)).not.toContain(TOKEN);
    // 'Loading the map…' is not left behind: the live region says what went wrong.
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Mapbox refused the token"));
    expect(screen.queryByText("Loading the map…")).not.toBeInTheDocument();
  });

  it("a browser without WebGL (mapboxgl.supported() is false) is told so and keeps the flat map", async () => {
    fake.unsupported = true;
    const user = userEvent.setup();
    renderCard(sixServers());
    await user.type(tokenInput(), TOKEN);
    await user.click(screen.getByRole("button", { name: "Initialize Map" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("WebGL is not available");
    expect(fake.maps).toHaveLength(0);
    expect(screen.getAllByRole("img", { name: /Online|Offline|Warning|Maintenance/ }).length).toBeGreaterThan(0);
  });

  it("an error after 'load' while tiles are still loading (map.loaded() is false) is still logged", async () => {
    // mapbox-gl's map.loaded() is false whenever sources/tiles are loading, also long after 'load'
    // (e.g. while the user pans). Such errors must not vanish: with an 'error' listener attached,
    // mapbox-gl does not log them itself.
    const { map } = await startGlobe(sixServers());
    map.tilesLoading = true;
    await fire(map, "error", { error: new Error(`tile failed https://api.mapbox.com/v4/x.vector.pbf?access_token=${TOKEN}`) });
    expect(errorSpy).toHaveBeenCalled();
    expect(consoleText(errorSpy)).not.toContain(TOKEN);
    expect(setupPanel()).not.toBeInTheDocument();
  });
});

describe("the token stays out of storage, the URL and the console", () => {
  it("after initialising, no storage, cookie, URL or history entry holds the token, and nothing logged it", async () => {
    const spies = (["log", "info", "warn", "debug"] as const).map((m) => jest.spyOn(console, m).mockImplementation(() => {}));
    const setItem = jest.spyOn(Storage.prototype, "setItem");
    const urlBefore = window.location.href;
    try {
      await startGlobe(sixServers());
      const stored = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join(";");
      expect(stored(localStorage)).not.toContain(TOKEN);
      expect(stored(sessionStorage)).not.toContain(TOKEN);
      expect(JSON.stringify(setItem.mock.calls)).not.toContain(TOKEN);
      expect(document.cookie).not.toContain(TOKEN);
      expect(window.location.href).not.toContain(TOKEN);
      expect(window.location.href).toBe(urlBefore);
      expect(JSON.stringify(window.history.state ?? null)).not.toContain(TOKEN);
      expect(String(fake.maps[0].options.style)).not.toContain(TOKEN);
      for (const spy of [...spies, errorSpy]) expect(consoleText(spy)).not.toContain(TOKEN);
    } finally {
      spies.forEach((s) => s.mockRestore());
      setItem.mockRestore();
    }
  });
});

describe("SvgWorldMap", () => {
  it("one role=img per server, named by markerLabel; only the selected one is marked", () => {
    const servers = sixServers();
    const selected = servers[2];
    render(<SvgWorldMap servers={servers} selectedId={selected.id} />);
    const group = screen.getByRole("group", { name: "World map of the servers" });
    const imgs = within(group).getAllByRole("img");
    expect(imgs).toHaveLength(servers.length);
    for (const server of servers) {
      const dot = within(group).getByRole("img", { name: markerLabel(server) });
      expect(dot).toHaveAttribute("data-server-id", server.id);
      if (server.id === selected.id) expect(dot).toHaveAttribute("data-selected", "true");
      else expect(dot).not.toHaveAttribute("data-selected");
    }
    // HTML in a name is text, not markup
    expect(group.querySelector("img")).toBeNull();
  });

  it("dots are coloured by status and the selected dot is larger, with a ring", () => {
    const servers = sixServers();
    render(<SvgWorldMap servers={servers} selectedId={servers[0].id} />);
    const dotOf = (s: Server) => screen.getByRole("img", { name: markerLabel(s) });
    const fills = servers.map((s) => {
      const circles = dotOf(s).querySelectorAll("circle");
      return circles[circles.length - 1].getAttribute("fill");
    });
    expect(fills).toEqual(["#10b981", "#ef4444", "#f59e0b", "#f59e0b", "#10b981", "#ef4444"]);
    expect(dotOf(servers[0]).querySelectorAll("circle")).toHaveLength(2);
    expect(dotOf(servers[1]).querySelectorAll("circle")).toHaveLength(1);
  });

  it("with no selection nothing is marked", () => {
    const servers = sixServers();
    render(<SvgWorldMap servers={servers} selectedId={null} />);
    expect(document.querySelectorAll("[data-selected]")).toHaveLength(0);
  });

  it("with places, draws one named dot per place instead of one per server, and marks the selected server's place", () => {
    const servers = [
      makeServer({ status: "online", location: "Frankfurt, Germany", coordinates: [8.68, 50.11] }),
      makeServer({ status: "offline", location: "Offenbach, Germany", coordinates: [8.76, 50.1] }),
      makeServer({ status: "online", location: "Sydney, Australia", coordinates: [151.2, -33.87] }),
    ];
    const places = mapPlaces(servers);
    render(<SvgWorldMap servers={servers} places={places} selectedId={servers[0].id} />);
    const group = screen.getByRole("group", { name: "World map of the servers" });
    expect(within(group).getAllByRole("img")).toHaveLength(2);
    const frankfurt = within(group).getByRole("img", { name: "Offenbach, Germany and nearby: 2 servers, 1 offline, 1 online" });
    expect(frankfurt).toHaveAttribute("data-selected", "true");
    expect(within(frankfurt).getAllByText("", { selector: "circle" }).at(-1)).toHaveAttribute("fill", "#ef4444");
    expect(within(group).getByRole("img", { name: "Sydney, Australia: 1 server, Online" })).not.toHaveAttribute("data-selected");
  });
});

describe("ServerLocations", () => {
  it("clicking a row calls onSelect with that server", async () => {
    const user = userEvent.setup();
    const servers = sixServers();
    const onSelect = jest.fn();
    render(<ServerLocations fleet={wholeFleet(servers)} selectedId={null} onSelect={onSelect} />);
    await user.click(screen.getByRole("button", { name: "Charlie, show on the map" }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(servers[2], true);
  });

  it("Enter on a focused row calls onSelect with that server", async () => {
    const user = userEvent.setup();
    const servers = sixServers();
    const onSelect = jest.fn();
    render(<ServerLocations fleet={wholeFleet(servers)} selectedId={null} onSelect={onSelect} />);
    const row = screen.getByRole("button", { name: "Bravo, show on the map" });
    act(() => row.focus());
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(servers[1], false);
  });

  it("aria-pressed reflects selectedId", () => {
    const servers = sixServers();
    const { rerender } = render(<ServerLocations fleet={wholeFleet(servers)} selectedId={servers[3].id} onSelect={jest.fn()} />);
    const pressed = () => screen.getAllByRole("button").filter((b) => b.getAttribute("aria-current") === "true");
    expect(pressed()).toHaveLength(1);
    expect(pressed()[0]).toHaveAccessibleName("Delta, show on the map");
    expect(screen.getByRole("button", { name: "Alpha, show on the map" })).not.toHaveAttribute("aria-current");
    rerender(<ServerLocations fleet={wholeFleet(servers)} selectedId={null} onSelect={jest.fn()} />);
    expect(pressed()).toHaveLength(0);
  });

  it("without onSelect the rows are not buttons; an empty list says so", () => {
    const servers = sixServers();
    const { rerender } = render(<ServerLocations fleet={wholeFleet(servers)} />);
    // the status filters are buttons; the rows are not
    expect(screen.queryAllByRole("button", { name: /show on the map/ })).toHaveLength(0);
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["All", "Online", "Warning", "Offline"]);
    expect(screen.getByText("Charlie")).toBeInTheDocument();
    rerender(<ServerLocations fleet={wholeFleet([])} />);
    expect(screen.getByText("No servers are listed yet.")).toBeInTheDocument();
  });
});

describe("MapSection: the list steers the map", () => {
  it("before the globe, choosing a row marks the server on the flat map", async () => {
    const user = userEvent.setup();
    const servers = sixServers();
    render(<MapSection fleet={wholeFleet(servers)} />);
    await user.click(screen.getByRole("button", { name: "Charlie, show on the map" }));
    expect(screen.getByRole("button", { name: "Charlie, show on the map" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("img", { name: markerLabel(servers[2]) })).toHaveAttribute("data-selected", "true");
  });

  it("with the globe up, choosing a row flies there and opens that server's popup only", async () => {
    const user = userEvent.setup();
    const servers = sixServers();
    render(<MapSection fleet={wholeFleet(servers)} />);
    const map = await pressInitialize(user);
    await fire(map, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Alpha, show on the map" }));
    expect(map.flyTo).toHaveBeenLastCalledWith(expect.objectContaining({ center: [...servers[0].coordinates], zoom: 3 }));
    expect(markerOf(servers[0].id).popup!.open).toBe(true);

    await user.click(screen.getByRole("button", { name: "Bravo, show on the map" }));
    expect(map.flyTo).toHaveBeenLastCalledWith(expect.objectContaining({ center: [...servers[1].coordinates] }));
    expect(markerOf(servers[1].id).popup!.open).toBe(true);
    expect(markerOf(servers[0].id).popup!.open).toBe(false);
    expect(screen.getByRole("button", { name: "Bravo, show on the map" })).toHaveAttribute("aria-current", "true");
  });
});

describe("telling screen-reader and keyboard users", () => {
  const nextFrame = () => act(async () => new Promise((r) => requestAnimationFrame(() => r(undefined))));

  it("the globe's canvas takes focus when the globe replaces the panel, and a live region says it is ready", async () => {
    const { map } = await startGlobe(sixServers());
    await nextFrame();
    expect(map.getCanvas()).toHaveFocus();
    expect(screen.getByRole("region", { name: "Interactive globe of the servers" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Map ready");
  });

  it("focus the reader has moved elsewhere stays there when the globe comes up", async () => {
    const user = userEvent.setup();
    renderCard(sixServers());
    const elsewhere = document.createElement("button");
    elsewhere.textContent = "Elsewhere";
    document.body.append(elsewhere);
    const map = await pressInitialize(user);
    elsewhere.focus();
    await fire(map, "style.load");
    await fire(map, "load");
    await waitFor(() => expect(setupPanel()).not.toBeInTheDocument());
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it("an opened popup is read out (again when reopened), and the region clears when it closes", async () => {
    const servers = sixServers();
    await startGlobe(servers);
    const marker = fake.markers[0];
    const sentence = new RegExp(`^${servers[0].name}: IP ${servers[0].ip.replace(/\./g, "\\.")}, Location`);
    await act(async () => {
      marker.togglePopup();
    });
    await nextFrame();
    expect(screen.getByRole("status")).toHaveTextContent(sentence);
    await act(async () => {
      marker.togglePopup();
    });
    expect(screen.getByRole("status")).toHaveTextContent("");
    await act(async () => {
      marker.togglePopup();
    });
    await nextFrame();
    expect(screen.getByRole("status")).toHaveTextContent(sentence);
  });
});

describe("the first view and a large fleet", () => {
  it("servers all round the world open on a flat world (Natural Earth) fitted to them; the globe's fog goes", async () => {
    const { map } = await startGlobe(sixServers());
    expect(map.setProjection).toHaveBeenCalledWith("naturalEarth");
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    expect(map.options.container.dataset.fog).toBe("off");
  });

  it("servers on one side of the world keep the globe, turned to their centre", async () => {
    const north = [
      makeServer({ name: "Ashburn", coordinates: [-77.49, 39.04] }),
      makeServer({ name: "Dublin", coordinates: [-6.26, 53.35] }),
      makeServer({ name: "Hong Kong", coordinates: [114.17, 22.32] }),
    ];
    const { map } = await startGlobe(north);
    expect(map.setProjection).not.toHaveBeenCalled();
    expect(map.jumpTo).toHaveBeenCalled();
    const [lng, lat] = map.camera.center;
    expect(lat).toBeGreaterThan(45);
    expect(lng).toBeGreaterThan(-60);
    expect(lng).toBeLessThan(60);
  });

  it(`above ${CLUSTER_ABOVE} servers they are drawn as a clustered source with circle layers, not DOM markers`, async () => {
    const many = Array.from({ length: CLUSTER_ABOVE + 1 }, (_, i) =>
      makeServer({ name: `Node ${i}`, status: i % 50 === 0 ? "offline" : "online", coordinates: [(i % 60) - 30, 40 + (i % 10)] }),
    );
    const { map, rerenderCard } = await startGlobe(many);
    expect(fake.markers).toHaveLength(0);
    const source = map.sources.get("servers");
    expect(source?.options).toMatchObject({ type: "geojson", cluster: true });
    expect((source?.data as { features: unknown[] }).features).toHaveLength(many.length);
    expect(map.layers.map((layer) => [layer.id, layer.type])).toEqual([
      ["server-clusters", "circle"],
      ["server-points", "circle"],
    ]);

    // A click on a drawn server opens its popup, built from text.
    const target = many[3];
    await act(async () => {
      map.fireLayer("click", "server-points", { features: [{ properties: { id: target.id } }] });
    });
    const popup = fake.popups[fake.popups.length - 1];
    expect(popup.setDOMContent).toHaveBeenCalled();
    expect(popup.content?.textContent).toContain(target.name);
    expect(popup.setHTML).not.toHaveBeenCalled();

    // Clusters show their count and worst status as labelled buttons that zoom in.
    map.sourceFeatures = [
      { geometry: { type: "Point", coordinates: [0, 45] }, properties: { cluster_id: 7, point_count: 120, severity: 3 } },
    ];
    await fire(map, "idle");
    const cluster = screen.getByRole("button", { name: "120 servers, offline inside: zoom in" });
    expect(cluster).toHaveTextContent("120");
    await act(async () => {
      cluster.click();
    });
    expect(map.easeTo).toHaveBeenCalledWith({ center: [0, 45], zoom: 5 });

    // Live updates go to the source, not to a new map, and the open popup follows.
    const updated = many.map((s, i) => (i === 3 ? { ...s, status: "offline" } : s));
    rerenderCard(updated);
    await waitFor(() => expect(source?.setData).toHaveBeenCalled());
    const data = source?.data as { features: Array<{ properties: { id: string; severity: number } }> };
    expect(data.features.find((f) => f.properties.id === target.id)?.properties.severity).toBe(3);
    expect(popup.content?.textContent).toContain("Offline");
    expect(fake.maps).toHaveLength(1);
  });
});
