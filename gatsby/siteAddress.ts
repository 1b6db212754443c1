import type { ParentSpanPluginArgs } from "gatsby";
import { isLocalAddress, localAddressWarning, siteUrlProblem } from "../src/publish/siteAddress";

type State = { config: { siteMetadata?: { siteUrl?: string }; pathPrefix?: string }; program: { prefixPaths?: boolean } };

const truthy = (value: string | undefined) => value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";

/**
 * Before a build: the site's address (SITE_URL, PATH_PREFIX in gatsby-config.ts)
 * is one a reader can reach. A malformed SITE_URL, or a PATH_PREFIX the build
 * would not apply (Gatsby prefixes only with --prefix-paths or PREFIX_PATHS=true),
 * stops the build; a CI build that would publish links to localhost, or http://
 * on a real host, is warned about at length (a warning only: the tests build in CI too).
 */
export function checkSiteAddress({ reporter, store }: Pick<ParentSpanPluginArgs, "reporter" | "store">): void {
  // Gatsby's store is private and typed loosely; only config and the CLI's flags are read.
  const { config, program } = (store as unknown as { getState: () => State }).getState();
  const siteUrl = config.siteMetadata?.siteUrl ?? "";
  const problem = siteUrlProblem(siteUrl);
  if (problem) reporter.panic(problem);
  const building = process.env.gatsby_executing_command === "build";
  if (building && config.pathPrefix && !program.prefixPaths)
    reporter.panic(
      `PATH_PREFIX is ${config.pathPrefix}, but this build would not put the site under it: Gatsby applies the prefix only with --prefix-paths. Build with npm run build (it passes the flag when PATH_PREFIX is set), or set PREFIX_PATHS=true.`,
    );
  if (!building) return;
  if (truthy(process.env.CI) && isLocalAddress(siteUrl)) reporter.warn(localAddressWarning(siteUrl));
  else if (!isLocalAddress(siteUrl) && siteUrl.startsWith("http://"))
    reporter.warn(`SITE_URL is ${siteUrl}: readers and feed readers will get http:// links; use https:// on a real host.`);
}
