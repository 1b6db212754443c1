import fs from "node:fs";
import path from "node:path";
import type { CreatePageArgs } from "gatsby";
import { CHECK_SECURITY_FILE } from "../../src/domain/content/files";
import { emptySecurityState, type Acknowledgement, type SecurityState } from "../../src/domain/security/findings";
import { securityScanOf, type SecurityContext } from "../../src/model/security/securityPage";
import { contentDirectory, readContentTexts } from "../../io/contentFiles";
import { readJobFileForBuild } from "../../io/jobFiles";
import { readSiteData } from "../siteData";

/**
 * /security is given the job's security scan (#34): checks/security.json with
 * each finding's status as of this build (the editors' acknowledgements), the
 * last run and the next. Null before the job's first run; a damaged file stops
 * the build, naming it, like the job's other files.
 */
export const addSecurityScan = ({ page, actions }: CreatePageArgs): void => {
  if (page.path !== "/security/" && page.path !== "/security") return;
  if ((page.context as Partial<SecurityContext> | undefined)?.securityScan !== undefined) return;
  const site = readSiteData();
  const contentDir = contentDirectory();
  const file = path.join(contentDir, CHECK_SECURITY_FILE.name);
  const state = fs.existsSync(file) ? readJobFileForBuild<SecurityState>(file, CHECK_SECURITY_FILE.name) : emptySecurityState();
  const acknowledgements = JSON.parse(readContentTexts(contentDir)["security-acknowledgements.json"] ?? "[]") as Acknowledgement[];
  const names = new Map(site.servers.map((s) => [s.id, s.name] as const));
  const context: SecurityContext = {
    securityScan: site.latest === null ? null : securityScanOf(state, acknowledgements, names, site.latest, new Date()),
  };
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, ...context } });
};
