import { isNavActive, withoutPrefix } from "../../../src/model/shell/nav";

describe("isNavActive: exact match for the dashboard '/'", () => {
  it.each([
    ["/", true],
    ["", true],
    ["//", true],
    ["/map", false],
    ["/servers/eu", false],
    ["/404", false],
  ])("path %j -> %s", (pathname, active) => {
    expect(isNavActive(pathname, "/", "exact")).toBe(active);
  });

  it("'/' is never a prefix of every page, even if asked for prefix matching", () => {
    expect(isNavActive("/map", "/", "prefix")).toBe(false);
    expect(isNavActive("/", "/", "prefix")).toBe(true);
  });
});

describe("isNavActive: prefix match for the other entries", () => {
  it.each([
    ["/servers", "/servers", true],
    ["/servers/", "/servers", true],
    ["/servers/eu", "/servers", true],
    ["/servers/eu/", "/servers", true],
    ["/servers/eu/west/1", "/servers", true],
    ["/servers", "/servers/", true],
    ["/servers/eu", "/servers/", true],
    ["/servers//", "/servers", true],
    ["/serversx", "/servers", false],
    ["/servers-old", "/servers", false],
    ["/server", "/servers", false],
    ["/", "/servers", false],
    ["/map", "/servers", false],
    ["/settings/servers", "/servers", false],
    ["/mapping", "/map", false],
    ["/map/eu", "/map", true],
  ])("path %j under %j -> %s", (pathname, to, active) => {
    expect(isNavActive(pathname, to, "prefix")).toBe(active);
  });
});

describe("isNavActive: exact match for a non-root entry", () => {
  it.each([
    ["/map", true],
    ["/map/", true],
    ["/map/eu", false],
    ["/mapx", false],
  ])("path %j for exact '/map' -> %s", (pathname, active) => {
    expect(isNavActive(pathname, "/map", "exact")).toBe(active);
  });
});

describe("withoutPrefix: the page's own path on a site published in a folder", () => {
  it.each([
    ["/status/map", "/status/", "/map"],
    ["/status", "/status/", "/"],
    ["/status/", "/status/", "/"],
    ["/statusx/map", "/status/", "/statusx/map"],
    ["/map", "/", "/map"],
    ["/", "/", "/"],
  ])("%j under %j -> %j", (pathname, prefix, page) => {
    expect(withoutPrefix(pathname, prefix)).toBe(page);
  });

  it("keeps the sidebar entry of a prefixed page active", () => {
    expect(isNavActive(withoutPrefix("/status/servers", "/status/"), "/servers", "prefix")).toBe(true);
    expect(isNavActive(withoutPrefix("/status", "/status/"), "/", "exact")).toBe(true);
  });
});
