import { createContext, useContext, useEffect, useState } from "react";

/**
 * Markup our build drew that a page's HTML holds and its page data does not:
 * a server page's charts (#45). Each was carried twice, in the HTML and in the
 * page data the browser loads to hydrate (62 KB of a server page's 89 KB of page
 * data, at a year of history). Now the page data names each drawing by a key (a hash of
 * its markup) and the markup reaches the page in one of three ways:
 *
 * - rendered at build: the build's store gives it by key (gatsby-ssr.tsx);
 * - a page loaded whole: the element the build rendered is in the document, and
 *   its markup is taken from there (so hydration keeps it as it is);
 * - after a move inside the site (no HTML came): the page's HTML is fetched,
 *   once for all the page's drawings, and the markup taken from it.
 *
 * A key is a hash of the markup, so the same key anywhere is the same drawing.
 */
export const KeptMarkupSource = createContext<((key: string) => string) | null>(null);

/** The attribute that carries a drawing's key on the element whose content is its markup. */
export const KEPT_ATTRIBUTE = "data-kept";

/** A key: 16 hex digits (gatsby/keptMarkup.ts). Nothing else is looked up or fetched. */
const KEY = /^[0-9a-f]{16}$/;

export type KeptMarkup = { state: "ready"; markup: string } | { state: "loading" } | { state: "failed" };

/** The drawing of a key in a document: an element that holds it (one still waiting for its markup, empty, is not it). */
function inDocument(doc: Document, key: string): string | null {
  if (!KEY.test(key)) return null;
  const element = doc.querySelector(`[${KEPT_ATTRIBUTE}="${key}"]`);
  return element?.firstElementChild?.tagName.toLowerCase() === "svg" ? element.innerHTML : null;
}

/** The pages' HTML fetched after a move, by address: the last few (a page's drawings share one fetch). */
const fetched = new Map<string, Promise<Document>>();
const KEEP_PAGES = 4;

function pageDocument(address: string, cache: RequestCache = "default"): Promise<Document> {
  let page = cache === "default" ? fetched.get(address) : undefined;
  if (!page) {
    page = fetch(address, { credentials: "same-origin", cache }).then(async (response) => {
      if (!response.ok) throw new Error(`${address} answered HTTP ${response.status}`);
      return new DOMParser().parseFromString(await response.text(), "text/html");
    });
    // A failed fetch is not kept: the next move to the page tries again.
    const kept = page;
    page.catch(() => {
      if (fetched.get(address) === kept) fetched.delete(address);
    });
    fetched.set(address, page);
    if (fetched.size > KEEP_PAGES) fetched.delete(fetched.keys().next().value as string);
  }
  return page;
}

/** Forgets the fetched pages (tests). */
export function forgetFetchedPages(): void {
  fetched.clear();
}

/**
 * The markup of a drawing: `inline` when the page data carries it, else the
 * kept markup of `key` (see above). Loading only after a move inside the site;
 * failed when the page's HTML cannot be fetched or no longer has the drawing.
 */
export function useKeptMarkup(inline: string | null, key: string | undefined): KeptMarkup {
  const source = useContext(KeptMarkupSource);
  const [kept, setKept] = useState((): KeptMarkup => {
    if (inline !== null) return { state: "ready", markup: inline };
    if (!key) return { state: "failed" };
    if (source) return { state: "ready", markup: source(key) };
    const here = typeof document === "undefined" ? null : inDocument(document, key);
    return here === null ? { state: "loading" } : { state: "ready", markup: here };
  });
  const loading = inline === null && kept.state === "loading" && key !== undefined;
  useEffect(() => {
    if (!loading || !key) return;
    let current = true;
    const address = window.location.pathname;
    pageDocument(address)
      // A page's HTML older than its data (a cache between two builds) lacks the drawing: asked again past the cache, once.
      .then((page) => inDocument(page, key) ?? pageDocument(address, "reload").then((fresh) => inDocument(fresh, key)))
      .then((markup) => {
        if (current) setKept(markup === null ? { state: "failed" } : { state: "ready", markup });
      })
      .catch(() => {
        if (current) setKept({ state: "failed" });
      });
    return () => {
      current = false;
    };
  }, [loading, key]);
  // The key is a hash of the markup: a caller keys the component by it, so another drawing is another state.
  return inline === null ? kept : { state: "ready", markup: inline };
}
