import { withPrefix } from "gatsby";
import { JSON_FEED_TYPE, SITE_FEEDS } from "../../domain/kernel/paths";
import { useSiteMetadata } from "./useSiteMetadata";

type FeedLinks = { title: string; rss: string; atom: string; json: string };

type SeoProps = {
  /** the page's own title; the site name follows it */
  title: string;
  description?: string;
  /** the page's own feeds (a server's), offered before the site's */
  feeds?: FeedLinks;
};

/** A feed in each format, as readers and browsers discover them from a page's head. */
function FeedAlternates({ title, rss, atom, json }: FeedLinks) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={withPrefix(rss)} />
      <link rel="alternate" type="application/atom+xml" title={title} href={withPrefix(atom)} />
      <link rel="alternate" type={JSON_FEED_TYPE} title={title} href={withPrefix(json)} />
    </>
  );
}

/** The <head> of a page, for Gatsby's Head export. */
export function Seo({ title, description, feeds }: SeoProps) {
  const site = useSiteMetadata();
  return (
    <>
      <title>{`${title} · ${site.title}`}</title>
      <meta name="description" content={description ?? site.description} />
      <link rel="icon" href={withPrefix("/favicon.svg")} type="image/svg+xml" />
      {feeds ? <FeedAlternates {...feeds} /> : null}
      <FeedAlternates title={`${site.title}: alerts`} {...SITE_FEEDS} />
    </>
  );
}
