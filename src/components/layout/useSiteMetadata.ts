import { graphql, useStaticQuery } from "gatsby";

export type SiteMetadata = { title: string; tagline: string; description: string; siteUrl: string; editor: string | null };

export function useSiteMetadata(): SiteMetadata {
  const data = useStaticQuery<Queries.SiteMetadataQuery>(graphql`
    query SiteMetadata {
      site {
        siteMetadata {
          title
          tagline
          description
          siteUrl
          editor
        }
      }
    }
  `);
  const metadata = data.site?.siteMetadata;
  if (!metadata) throw new Error("siteMetadata is missing from gatsby-config.ts");
  return metadata;
}
