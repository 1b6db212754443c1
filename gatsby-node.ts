import type { CreateNodeArgs, GatsbyNode } from "gatsby";
import { markBootstrapped, onlyContentFiles, validateContentBeforeSourcing, validateContentOnChange } from "./gatsby/validateContent";
import { createContentTypes, createServerResolvers } from "./gatsby/schema/customization";
import { sourceCheckNodes } from "./gatsby/nodes/checks";
import { sourceFleetNode } from "./gatsby/nodes/fleet";
import { sourceStatusNoticesNode } from "./gatsby/nodes/statusNotices";
import { sourceNotificationChannelNodes } from "./gatsby/nodes/notificationChannels";
import { createContentNodes } from "./gatsby/nodes/contentRecords";
import { writeOpenData } from "./gatsby/files/openData";
import { configureWebpack } from "./gatsby/webpack";
import { serveWorldMap, writeWorldMap } from "./gatsby/files/worldMap";
import type { DevServerApp } from "./gatsby/files/drawnFile";
import { serveIconSprite, writeIconSprite } from "./gatsby/files/iconSprite";
import { checkSiteAddress } from "./gatsby/siteAddress";
import { createServerPages } from "./gatsby/pages/serverPages";
import { pruneKeptMarkup } from "./gatsby/keptMarkup";
import { copyVendorAssets, serveVendorAssets } from "./gatsby/files/vendorAssets";
import { addDashboardChart } from "./gatsby/pages/dashboardChart";
import { addGeneratedReports, createReportPages } from "./gatsby/pages/reportPages";
import { reportTimingLine } from "./gatsby/pages/reportTiming";
import { addFleetAnalytics } from "./gatsby/pages/analyticsPage";
import { addSecurityScan } from "./gatsby/pages/securityPage";
import { addObjectives } from "./gatsby/pages/objectivesPage";
import { writeEditor } from "./gatsby/files/editor";
import { siteAddress } from "./src/publish/siteAddress";

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = (args) => {
  checkSiteAddress(args);
  validateContentBeforeSourcing(args);
};
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = markBootstrapped;
export const shouldOnCreateNode: GatsbyNode["shouldOnCreateNode"] = onlyContentFiles;
export const onCreateNode = async (args: CreateNodeArgs) => {
  validateContentOnChange(args);
  await createContentNodes(args);
};
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = createContentTypes;
export const sourceNodes: GatsbyNode["sourceNodes"] = (args) => {
  sourceCheckNodes(args);
  sourceFleetNode(args);
  sourceStatusNoticesNode(args);
  sourceNotificationChannelNodes(args);
};
export const createResolvers: GatsbyNode["createResolvers"] = createServerResolvers;
export const createPages: GatsbyNode["createPages"] = async (args) => {
  // The server pages read the job's files; the month reports come from that same read.
  await createServerPages(args);
  await createReportPages(args);
};
export const onCreatePage: GatsbyNode["onCreatePage"] = (args) => {
  addDashboardChart(args);
  addGeneratedReports(args);
  addFleetAnalytics(args);
  addSecurityScan(args);
  addObjectives(args);
};
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = configureWebpack;
export const onPostBuild: GatsbyNode["onPostBuild"] = async (args) => {
  // the pages are rendered: the drawings no page of this build uses leave the store
  pruneKeptMarkup();
  writeWorldMap();
  writeIconSprite();
  copyVendorAssets();
  await writeOpenData(args);
  // Gatsby's store is private and typed loosely: only the site's title is read.
  const { siteMetadata } = (args.store as unknown as { getState: () => { config: { siteMetadata?: { title?: string } } } }).getState()
    .config;
  await writeEditor({ siteUrl: siteAddress(process.env.SITE_URL ?? "", process.env.PATH_PREFIX ?? ""), siteTitle: siteMetadata?.title });
  args.reporter.info(reportTimingLine());
};
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app }) => {
  serveWorldMap(app as DevServerApp);
  serveIconSprite(app as DevServerApp);
  serveVendorAssets(app as DevServerApp);
};
