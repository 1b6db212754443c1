import { readSidebarCookie, SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE, sidebarCookie } from "../../../src/model/shell/sidebarState";

describe("sidebar cookie constants", () => {
  it("is named sidebar:state and lasts 7 days (604800 seconds)", () => {
    expect(SIDEBAR_COOKIE).toBe("sidebar:state");
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
  });
});

describe("sidebarCookie (serialise)", () => {
  it.each([true, false])("writes %s with path, max-age 604800 and SameSite", (expanded) => {
    const cookie = sidebarCookie(expanded);
    const parts = cookie.split(";").map((p) => p.trim());
    expect(parts[0]).toBe(`sidebar:state=${expanded}`);
    expect(parts).toContain("path=/");
    expect(parts).toContain("max-age=604800");
    expect(parts.some((p) => /^samesite=lax$/i.test(p))).toBe(true);
  });

  it.each([true, false])("round-trips %s through readSidebarCookie", (expanded) => {
    expect(readSidebarCookie(sidebarCookie(expanded))).toBe(expanded);
  });
});

describe("readSidebarCookie (parse)", () => {
  it.each<[string, boolean | null]>([
    ["sidebar:state=true", true],
    ["sidebar:state=false", false],
    ["theme=dark; sidebar:state=false", false],
    ["theme=dark;sidebar:state=true;lang=en", true],
    ["  sidebar:state = true  ", true],
    ["a=1; sidebar:state=false; b=2", false],
    ["", null],
    ["theme=dark", null],
    ["sidebar:state", null],
    ["sidebar:state=", null],
    ["sidebar:state=yes", null],
    ["sidebar:state=TRUE", null],
    ["sidebar:state=1", null],
    ["xsidebar:state=true", null],
    ["sidebar:statex=true", null],
    ["sidebar=true", null],
    ["other=sidebar:state=true", null],
  ])("%j -> %s", (header, value) => {
    expect(readSidebarCookie(header)).toBe(value);
  });

  it("skips an invalid sidebar:state value and uses a later valid one", () => {
    expect(readSidebarCookie("sidebar:state=bogus; sidebar:state=false")).toBe(false);
  });
});
