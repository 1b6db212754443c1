import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { notSourced } from "./gatsby/readContent";

/**
 * Content lives in content/ (what editors change). CONTENT_DIR points a build at
 * another folder; the tests use it to build the site from broken or unusual content.
 */
const contentDir = path.resolve(__dirname, process.env.CONTENT_DIR ?? "content");

const config: GatsbyConfig = {
  siteMetadata: {
    title: "Location Tracker",
    tagline: "Server monitoring",
    description: "Server status, alerts, performance and locations of servers worldwide.",
    siteUrl: "http://localhost:9000",
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
