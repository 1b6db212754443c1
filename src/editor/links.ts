/**
 * Links from the site into the web editor: /admin/?add=servers opens the servers' form with a new
 * record, ?record=<id> the record with that id; once followed, the query leaves the address.
 */
import { FILES } from "./decap";

/** /admin/?add=servers opens the servers' form with a new record; ?record=<id> opens the record with that id. */
export function followLink(): void {
  const query = new URLSearchParams(location.search);
  const add = query.get("add");
  const record = query.get("record");
  if (!add && !record) return;
  const file = FILES.find((f) => f.name === (add ?? query.get("file") ?? "servers"));
  if (!file) return;
  const singular = file.fields[0].label_singular ?? "record";
  const started = Date.now();
  const timer = window.setInterval(() => {
    // Until the editor has let its user in (after Login), it owns the address.
    if (Date.now() - started > 60000) window.clearInterval(timer);
    if (!location.hash.includes(`/entries/${file.name}`)) {
      if (document.querySelector("a[href*='#/collections']")) location.hash = `#/collections/content/entries/${file.name}`;
      return;
    }
    if (add) {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === `Add ${singular}`);
      if (!button) return;
      window.clearInterval(timer);
      forgetQuery();
      button.click();
      return;
    }
    // a collapsed record shows its summary ("name · id") beside its bar
    const summary = [...document.querySelectorAll<HTMLElement>("[class*='NestedObjectLabel']")].find((label) =>
      (label.textContent ?? "").split(" · ").includes(record!),
    );
    const toggle = summary?.parentElement?.querySelector<HTMLElement>(":scope > [class*='ListItemTopBar'] > button");
    if (!summary || !toggle) return;
    window.clearInterval(timer);
    forgetQuery();
    toggle.click();
    toggle.scrollIntoView({ block: "start" });
    toggle.focus();
  }, 200);
}

/** Once followed, the link's query leaves the address: a reload does not add another record. */
function forgetQuery(): void {
  history.replaceState(history.state, "", `${location.pathname}${location.hash}`);
}
