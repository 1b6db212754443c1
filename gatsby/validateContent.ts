import type { GatsbyNode } from "gatsby";
import { formatReport, validateContent } from "../src/model/validate";
import { contentDirectory, readContentTexts, staticFiles } from "./readContent";

/**
 * Runs before Gatsby sources anything: bad content stops the build (in develop
 * too) with every problem listed, each naming file, record and field.
 */
export const validateContentBeforeSourcing: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const result = validateContent(readContentTexts(contentDirectory()), { staticFiles: staticFiles() });
  if (result.errors.length > 0) {
    reporter.panic(formatReport(result));
  }
  if (result.warnings.length > 0) reporter.warn(formatReport(result));
};
