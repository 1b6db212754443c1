import type { CreateNodeArgs, GatsbyNode, ParentSpanPluginArgs } from "gatsby";
import { formatReport, validateContent } from "../src/domain/content/validate";
import { contentDirectory, contentFolderFiles, readContentTexts, staticFiles } from "../io/contentFiles";

const check = () => {
  const dir = contentDirectory();
  return validateContent(readContentTexts(dir), { staticFiles: staticFiles(), folderFiles: contentFolderFiles(dir) });
};

/**
 * Runs before Gatsby sources anything: bad content stops the build (in develop
 * too) with every problem listed, each naming file, record and field.
 */
export function validateContentBeforeSourcing({ reporter }: Pick<ParentSpanPluginArgs, "reporter">): void {
  const result = check();
  if (result.errors.length > 0) {
    reporter.panic(formatReport(result));
  }
  if (result.warnings.length > 0) reporter.warn(formatReport(result));
}

let pending: ReturnType<typeof setTimeout> | null = null;
let bootstrapped = false;

/** From here on a content node is an edit (the first sourcing was checked by onPreBootstrap). */
export const markBootstrapped: GatsbyNode["onPostBootstrap"] = () => {
  bootstrapped = true;
};

type MaybeContentFile = { internal: { type: string }; sourceInstanceName?: unknown };

const isContentFile = (node: MaybeContentFile): boolean => node.internal.type === "File" && node.sourceInstanceName === "content";

/** Gatsby calls the check only for the files of content/. */
export const onlyContentFiles: GatsbyNode["shouldOnCreateNode"] = ({ node }) => isContentFile(node as unknown as MaybeContentFile);

/**
 * gatsby develop: an editor saving a content file gets the same messages at once
 * (the server keeps running, so the fix shows as soon as it is saved).
 */
export function validateContentOnChange({ node, reporter }: Pick<CreateNodeArgs, "node" | "reporter">): void {
  if (process.env.gatsby_executing_command !== "develop" || !bootstrapped) return;
  if (!isContentFile(node)) return;
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    const result = check();
    if (result.errors.length > 0) reporter.error(formatReport(result));
    else if (result.warnings.length > 0) reporter.warn(formatReport(result));
  }, 300);
}
