/** The build's checks of where the site is published (gatsby/siteAddress.ts, run before bootstrap). */
import type { ParentSpanPluginArgs } from "gatsby";
import { checkSiteAddress } from "../../../gatsby/siteAddress";

function run(
  siteUrl: string,
  { pathPrefix = "", prefixPaths = false, env = {} }: { pathPrefix?: string; prefixPaths?: boolean; env?: Record<string, string> } = {},
) {
  const reporter = { warn: jest.fn(), panic: jest.fn() };
  const store = { getState: () => ({ config: { siteMetadata: { siteUrl }, pathPrefix }, program: { prefixPaths } }) };
  const saved = process.env;
  const { CI: _ci, ...outside } = saved;
  process.env = { ...outside, gatsby_executing_command: "build", ...env };
  try {
    checkSiteAddress({ reporter, store } as unknown as Pick<ParentSpanPluginArgs, "reporter" | "store">);
  } finally {
    process.env = saved;
  }
  return reporter;
}

describe("checkSiteAddress", () => {
  it("a CI build that would publish localhost links warns, at length, and goes on", () => {
    const reporter = run("http://localhost:9000", { env: { CI: "true" } });
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(reporter.warn).toHaveBeenCalledTimes(1);
    expect(reporter.warn.mock.calls[0][0]).toContain("This CI build publishes the address http://localhost:9000");
  });

  it("says nothing for a local build on this machine, or a CI build with a real https address", () => {
    expect(run("http://localhost:9000").warn).not.toHaveBeenCalled();
    const reporter = run("https://status.example.org", { pathPrefix: "/status", prefixPaths: true, env: { CI: "1" } });
    expect(reporter.warn).not.toHaveBeenCalled();
    expect(reporter.panic).not.toHaveBeenCalled();
  });

  it("warns about http:// on a real host", () => {
    expect(run("http://status.example.org").warn.mock.calls[0][0]).toContain("use https://");
  });

  it("stops a build whose PATH_PREFIX Gatsby would not apply, and a SITE_URL that is not a host's address", () => {
    expect(run("https://status.example.org", { pathPrefix: "/status" }).panic.mock.calls[0][0]).toContain("--prefix-paths");
    expect(run("https://owner.github.io/repo").panic.mock.calls[0][0]).toContain("PATH_PREFIX");
  });
});
