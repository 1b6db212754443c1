import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { notSourced } from "./io/contentFiles";
import { normalisePathPrefix, normaliseSiteUrl } from "./src/publish/siteAddress";
import { editorBackend } from "./src/editor/config";

/**
 * Content lives in content/ (what editors change). CONTENT_DIR points a build at
 * another folder; the tests use it to build the site from broken or unusual content.
 */
const contentDir = path.resolve(__dirname, process.env.CONTENT_DIR ?? "content");

/**
 * Where the site is published (docs/operators.md, "Publishing"): SITE_URL is the host
 * (https://status.example.org), PATH_PREFIX the folder under it (/status), empty
 * at the root of a domain. npm run build passes --prefix-paths when PATH_PREFIX is set.
 */
const pathPrefix = normalisePathPrefix(process.env.PATH_PREFIX);

const config: GatsbyConfig = {
  ...(pathPrefix ? { pathPrefix } : {}),
  siteMetadata: {
    title: "Location Tracker",
    tagline: "Server monitoring",
    description: "Server status, alerts, performance and locations of servers worldwide.",
    siteUrl: normaliseSiteUrl(process.env.SITE_URL),
    /** the web editor at /admin: "github" when the build names a repository (CMS_GITHUB_REPO), else "local" (npm run edit, on this machine only) */
    editor: editorBackend(process.env).name,
  },
  graphqlTypegen: { generateOnBuild: true, typesOutputPath: "src/gatsby-types.d.ts" },
  trailingSlash: "never",
  jsxRuntime: "automatic",
  // The site is plain files on a CDN. Naming the adapter here also stops Gatsby from
  // looking one up on the internet at every build (two 5 s time-outs offline).
  adapter: { name: "static-files", adapt: () => undefined },
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      // Only the content files, each checked against its schema before sourcing (gatsby/validateContent.ts).
      options: { name: "content", path: contentDir, ignore: [notSourced(contentDir)] },
    },
  ],
};

export default config;
