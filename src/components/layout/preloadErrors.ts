/**
 * SPEC §7/§8: when a prefetched or lazily loaded file fails, tell the page. A
 * `preload-error` event is dispatched on window with the failed URL, and a failed
 * stylesheet logs 'Unable to preload CSS' with its file. Nothing else changes:
 * Gatsby falls back to a full page load when it cannot fetch a page's files, and
 * the features that load code on demand show their own message.
 */
const PRELOAD_ERROR_EVENT = "preload-error";

type PreloadErrorDetail = {
  url: string;
  /** script, stylesheet, or a prefetch hint of either */
  kind: "script" | "style" | "prefetch";
};

function isStylesheet(url: string, link?: HTMLLinkElement): boolean {
  if (link && (link.rel === "stylesheet" || link.as === "style")) return true;
  try {
    return new URL(url, "http://x").pathname.endsWith(".css");
  } catch {
    return false;
  }
}

function report(win: Window, detail: PreloadErrorDetail, isCss: boolean) {
  win.dispatchEvent(new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { detail }));
  if (isCss) console.error(`Unable to preload CSS for ${detail.url}`);
}

/** Starts watching; returns a function that stops. */
export function watchPreloadErrors(win: Window): () => void {
  const reported = new Set<string>();
  const once = (detail: PreloadErrorDetail, isCss: boolean) => {
    const key = `${detail.kind} ${detail.url}`;
    if (reported.has(key)) return;
    reported.add(key);
    // A later retry of the same file may fail again and should be reported again.
    win.setTimeout(() => reported.delete(key), 1000);
    report(win, detail, isCss);
  };

  // Load errors of <link> and <script> do not bubble, but a capturing listener on window sees them.
  const onError = (event: Event) => {
    const target = event.target as Element | null;
    if (!target || typeof target.tagName !== "string") return;
    if (target.tagName === "LINK") {
      const link = target as HTMLLinkElement;
      if (!link.href) return;
      const kind = link.rel === "stylesheet" ? "style" : link.rel === "prefetch" || link.rel === "preload" ? "prefetch" : null;
      if (kind) once({ url: link.href, kind }, isStylesheet(link.href, link));
    } else if (target.tagName === "SCRIPT") {
      const script = target as HTMLScriptElement;
      if (script.src) once({ url: script.src, kind: "script" }, false);
    }
  };

  // webpack rejects import() with a ChunkLoadError ('Loading CSS chunk 12 failed.\n(/x.css)').
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as { name?: string; message?: string; request?: string } | null;
    if (!reason || (reason.name !== "ChunkLoadError" && !/Loading (CSS )?chunk/.test(reason.message ?? ""))) return;
    const url = reason.request ?? /\(([^)]+)\)/.exec(reason.message ?? "")?.[1] ?? "";
    if (!url) return;
    const css = isStylesheet(url);
    once({ url, kind: css ? "style" : "script" }, css);
  };

  win.addEventListener("error", onError, true);
  win.addEventListener("unhandledrejection", onRejection);
  return () => {
    win.removeEventListener("error", onError, true);
    win.removeEventListener("unhandledrejection", onRejection);
  };
}
