/**
 * A real feed reader for the tests: Debian's python3-feedparser (installed by
 * scripts/ensure-test-tools.mjs), given a feed's bytes as a reader fetched them.
 * `bozo` is feedparser's word for a feed that is not well-formed or not what it
 * says it is. Titles and summaries are given as a reader shows them: feedparser
 * takes RSS's as HTML (and strips what it finds unsafe), so of those the text the
 * HTML shows; Atom's type="text" as they are.
 */
import { execFileSync } from "node:child_process";

const READ = `
import json, sys, feedparser
from html.parser import HTMLParser

class Shown(HTMLParser):
    """The text a reader shows of HTML: its text, without its tags."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
    def handle_data(self, data):
        self.parts.append(data)

def shown(detail, value):
    if value is None or "html" not in (detail or {}).get("type", ""):
        return value
    parser = Shown()
    parser.feed(value)
    parser.close()
    return "".join(parser.parts)

d = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
  "bozo": bool(d.bozo),
  "problem": str(d.get("bozo_exception", "")),
  "version": d.version,
  "title": shown(d.feed.get("title_detail"), d.feed.get("title")),
  "link": d.feed.get("link"),
  "links": [[l.get("rel"), l.get("type"), l.get("href")] for l in d.feed.get("links", [])],
  "entries": [{
    "id": e.get("id"),
    "title": shown(e.get("title_detail"), e.get("title")),
    "title_type": e.get("title_detail", {}).get("type"),
    "link": e.get("link"),
    "summary": shown(e.get("summary_detail"), e.get("summary")),
    "summary_type": e.get("summary_detail", {}).get("type"),
    "published": e.get("published"),
    "tags": [t.get("term") for t in e.get("tags", [])],
  } for e in d.entries],
}))
`;

export type ReadFeed = {
  bozo: boolean;
  problem: string;
  /** feedparser's name of the format: rss20, atom10 */
  version: string;
  title: string | null;
  link: string | null;
  links: [string | null, string | null, string | null][];
  entries: {
    id: string | null;
    /** as shown: the text of HTML, text as it is */
    title: string | null;
    title_type: string | null;
    link: string | null;
    summary: string | null;
    summary_type: string | null;
    published: string | null;
    tags: string[];
  }[];
};

/** What feedparser reads in a feed's bytes. */
export function readFeed(body: Buffer | string): ReadFeed {
  const python = process.env.FEED_PYTHON ?? "/usr/bin/python3";
  return JSON.parse(execFileSync(python, ["-c", READ], { input: body, encoding: "utf8" })) as ReadFeed;
}
