import type { GatsbyNode } from "gatsby";
import { CONTENT_FILES } from "../src/model/contentFiles";
import { recordTypeDefs, type SchemaNode } from "./graphqlFromSchema";

/**
 * Every content type, declared from its JSON Schema (content/schema): nothing is
 * inferred, a required field is non-null, so a field missing from content fails
 * loudly and page props are not all optional. gatsby-transformer-json renames a
 * record's id to jsonId.
 */
export function contentTypeDefs(): string {
  return CONTENT_FILES.map((file) =>
    recordTypeDefs(file.typeName, file.schema as SchemaNode, { rename: { id: "jsonId" }, suffix: "implements Node @dontInfer" }),
  ).join("\n");
}

export const createContentTypes: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
  actions.createTypes(`
    type SiteSiteMetadata {
      title: String!
      tagline: String!
      description: String!
      siteUrl: String!
    }
  `);
};
