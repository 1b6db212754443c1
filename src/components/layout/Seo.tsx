import { withPrefix } from "gatsby";
import { useSiteMetadata } from "./useSiteMetadata";

type SeoProps = {
  /** the page's own title; the site name follows it */
  title: string;
  description?: string;
};

/** The <head> of a page, for Gatsby's Head export. */
export function Seo({ title, description }: SeoProps) {
  const site = useSiteMetadata();
  return (
    <>
      <title>{`${title} · ${site.title}`}</title>
      <meta name="description" content={description ?? site.description} />
      <link rel="icon" href={withPrefix("/favicon.svg")} type="image/svg+xml" />
      <link rel="alternate" type="application/rss+xml" title={`${site.title}: alerts`} href={withPrefix("/alerts.xml")} />
    </>
  );
}
