import type { SourceNodesArgs } from "gatsby";
import { readSiteData, readSiteNotices } from "../siteData";
import { nodeMaker } from "./makeNode";

/**
 * StatusNotices: the incidents and maintenance windows as every page shows
 * them (the shell's banner) and /incidents lists them, as of the build.
 */
export function sourceStatusNoticesNode(args: SourceNodesArgs): void {
  const { builtAt, open, history, windows } = readSiteNotices(readSiteData().servers, new Date());
  nodeMaker(args)("StatusNotices", "site", { builtAt, open, history, windows });
}
