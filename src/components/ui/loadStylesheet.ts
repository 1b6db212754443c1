/**
 * Links a stylesheet when a feature needs it and resolves once it applies. A
 * failure rejects (and the page-wide watcher reports 'Unable to preload CSS').
 */
export function loadStylesheet(href: string): Promise<void> {
  const existing = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) => l.getAttribute("href") === href);
  if (existing?.dataset.loaded === "true") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = existing ?? document.createElement("link");
    link.addEventListener(
      "load",
      () => {
        link.dataset.loaded = "true";
        resolve();
      },
      { once: true },
    );
    link.addEventListener(
      "error",
      () => {
        link.remove();
        reject(new Error(`Unable to preload CSS for ${href}`));
      },
      { once: true },
    );
    if (!existing) {
      link.rel = "stylesheet";
      link.href = href;
      document.head.append(link);
    }
  });
}
