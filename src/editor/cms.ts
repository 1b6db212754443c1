/**
 * The web editor's own code, bundled at build into /admin/editor.js
 * (gatsby/files/editor.ts) and loaded by /admin only. It loads Decap CMS (copied
 * from its npm package beside it), then teaches it the content: the file format
 * (lists kept lists, the file's layout kept), form fields that check what they
 * hold as the build does, a preview that shows text as text, and the save that
 * is refused while the file would stop the build.
 *
 * On a public host whose site has no GitHub editor configured it loads nothing
 * and says how to edit instead.
 *
 * Its parts: decap.ts (what it knows of Decap and of the forms), drafts.ts (a draft
 * and its problems), widgets.ts, saving.ts (the format and the refused save),
 * preview.ts, links.ts (the site's links into it) and listNames.ts (names for
 * Decap's icon buttons); here, the start.
 */
import { isThisMachine } from "../domain/kernel/hosts";
import type { Cms } from "./decap";
import { readRepositoryFrom, type Backend } from "./drafts";
import { followLink } from "./links";
import { watchListControls } from "./listNames";
import { registerPreview } from "./preview";
import { registerSaving } from "./saving";
import { registerWidgets } from "./widgets";

type EditorWindow = Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS?: Cms;
  h?: (...args: unknown[]) => unknown;
  createClass?: (spec: object) => unknown;
};

const w = window as EditorWindow;

/** Decap is loaded: it learns the content (widgets, format, save, preview), then starts with the configuration. */
function boot(CMS: Cms, config: Record<string, unknown>): void {
  const react = { h: w.h!, createClass: w.createClass! };
  registerWidgets(CMS, react);
  registerSaving(CMS);
  registerPreview(CMS, react);
  readRepositoryFrom(config.backend as Backend);
  CMS.init({ config });
  watchListControls();
  followLink();
}

/* ---------- start ---------- */

const showNotice = (id: "editor-unavailable" | "editor-failed") => {
  document.getElementById(id)!.hidden = false;
};

async function start(): Promise<void> {
  let config: Record<string, unknown>;
  try {
    const response = await fetch("config.yml");
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    config = (await response.json()) as Record<string, unknown>;
  } catch {
    showNotice("editor-failed");
    return;
  }
  const configured = config.backend as Backend;
  if (configured.name === "proxy" && !isThisMachine(location.hostname)) {
    showNotice("editor-unavailable");
    return;
  }
  w.CMS_MANUAL_INIT = true;
  const script = document.createElement("script");
  script.src = "decap-cms.js";
  script.onload = () => boot(w.CMS!, config);
  script.onerror = () => showNotice("editor-failed");
  document.body.append(script);
}

void start();
