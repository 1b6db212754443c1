import type { GatsbyNode } from "gatsby";

/**
 * Every content type, declared: nothing is inferred, every field is non-null, so a
 * field missing from content fails loudly and page props are not all optional.
 * gatsby-transformer-json renames a record's id to jsonId.
 */
export const createContentTypes: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type ServersJson implements Node @dontInfer {
      jsonId: String!
      name: String!
      ip: String!
      location: String!
      status: String!
      uptime: String!
      responseTime: Float!
      lastChecked: String!
      coordinates: [Float!]!
    }
    type AlertsJson implements Node @dontInfer {
      jsonId: String!
      server: String!
      type: String!
      message: String!
      ip: String!
      location: String!
      timestamp: String!
    }
    type PerformanceJson implements Node @dontInfer {
      time: String!
      responseTime: Float!
      uptime: Float!
    }
    type SecurityAlertsJson implements Node @dontInfer {
      jsonId: String!
      type: String!
      message: String!
      time: String!
      status: String!
    }
    type ReportsJson implements Node @dontInfer {
      jsonId: String!
      name: String!
      type: String!
      date: String!
      status: String!
      size: String!
      file: String
    }
    type AnalyticsCardsJson implements Node @dontInfer {
      jsonId: String!
      title: String!
      value: String!
      note: String!
    }
    type SecurityCardsJson implements Node @dontInfer {
      jsonId: String!
      title: String!
      value: String!
      note: String!
    }
    type SiteSiteMetadata {
      title: String!
      tagline: String!
      description: String!
      siteUrl: String!
    }
  `);
};
