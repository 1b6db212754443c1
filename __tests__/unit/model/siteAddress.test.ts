import {
  LOCAL_SITE_URL,
  isLocalAddress,
  localAddressWarning,
  normalisePathPrefix,
  siteAddress,
  siteUrlProblem,
} from "../../../src/publish/siteAddress";
import { publishedUrl } from "../../../src/domain/kernel/paths";

describe("the site's public address (SITE_URL, PATH_PREFIX)", () => {
  it.each([
    [undefined, ""],
    ["", ""],
    ["/", ""],
    ["status", "/status"],
    ["/status/", "/status"],
    ["//a//b/", "/a/b"],
  ])("PATH_PREFIX %j is %j", (prefix, normalised) => {
    expect(normalisePathPrefix(prefix)).toBe(normalised);
  });

  it("joins host and folder, with no trailing slash, and makes absolute links under it", () => {
    const address = siteAddress("https://status.example.org/", "/status/");
    expect(address).toBe("https://status.example.org/status");
    expect(publishedUrl(address, "/alerts.xml")).toBe("https://status.example.org/status/alerts.xml");
    expect(publishedUrl(siteAddress("https://status.example.org", ""), "api/v1/servers.schema.json")).toBe(
      "https://status.example.org/api/v1/servers.schema.json",
    );
  });

  it("is this machine's without SITE_URL", () => {
    expect(siteAddress("", "")).toBe(LOCAL_SITE_URL);
    expect(isLocalAddress(LOCAL_SITE_URL)).toBe(true);
    expect(isLocalAddress("http://127.0.0.1:9000")).toBe(true);
    expect(isLocalAddress("http://[::1]:9000")).toBe(true);
    expect(isLocalAddress("https://status.example.org")).toBe(false);
    expect(isLocalAddress("https://localhost.example.org")).toBe(false);
  });

  it("SITE_URL must be an absolute http(s) address of a host; a folder in it is named and sent to PATH_PREFIX", () => {
    expect(siteUrlProblem("https://status.example.org")).toBeNull();
    expect(siteUrlProblem(LOCAL_SITE_URL)).toBeNull();
    expect(siteUrlProblem("status.example.org")).toContain("absolute address");
    expect(siteUrlProblem("ftp://status.example.org")).toContain("https://");
    expect(siteUrlProblem("https://owner.github.io/repo")).toContain('put the folder "/repo" in PATH_PREFIX');
  });

  it("the CI warning names the address and says how to set it, over several lines", () => {
    const text = localAddressWarning(LOCAL_SITE_URL);
    expect(text).toContain(LOCAL_SITE_URL);
    expect(text).toContain("SITE_URL=https://");
    expect(text).toContain("PATH_PREFIX");
    expect(text.split("\n").length).toBeGreaterThan(3);
  });
});
