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
 */
import { readContentFile, tidyValue, writeContentFile, fileValue, type FileShape } from "./jsonFile";
import { formatJson } from "./prettierJson";
import { fileIssues, issuesAtPath, issuesOfField, problemsElsewhere } from "./validation";
import { CONTENT_FORMAT } from "./config";
import { editorFiles, formAt } from "./fileForms";
import { CHECKED_WIDGETS } from "./schemaFields";
import type { ContentIssue } from "../domain/content/validate";
import { isThisMachine } from "../domain/kernel/hosts";

/* Decap's values are Immutable collections; what the editor reads of them. */
type Immutable = { toJS(): unknown; get(key: string): unknown; getIn(keys: string[]): unknown };
type Props = Record<string, unknown> & { entry: Immutable; field: Immutable; value: unknown; forID: string; parentIds?: string[] };
type Control = { isValid?: () => unknown };
type Cms = {
  init(options: { config: Record<string, unknown> }): void;
  getWidget(name: string): { control: unknown; preview: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown): void;
  registerCustomFormat(name: string, extension: string, format: { fromFile(text: string): unknown; toFile(data: unknown): string }): void;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerEventListener(listener: { name: string; handler: (event: { entry: Immutable }) => Promise<unknown> }): void;
};
type EditorWindow = Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS?: Cms;
  h?: (...args: unknown[]) => unknown;
  createClass?: (spec: object) => unknown;
};

const w = window as EditorWindow;
const FILES = editorFiles();
const byPath = new Map(FILES.map((file) => [file.file, file]));

const toJS = (value: unknown): unknown =>
  value !== null && typeof value === "object" && typeof (value as Immutable).toJS === "function" ? (value as Immutable).toJS() : value;

function formOf(path: string) {
  const file = byPath.get(path);
  return { file, shape: file?.shape ?? "list", form: formAt(file) };
}

/* ---------- the other files, as the repository holds them (the rules across files read servers.json) ---------- */

type Backend = { name: string; repo?: string; branch?: string; proxy_url?: string };
let backend: Backend = { name: "proxy" };
const others: Record<string, string> = {};
const originals = new Map<string, string>();

async function readRepositoryFile(path: string): Promise<string | null> {
  try {
    if (backend.name === "proxy" && backend.proxy_url) {
      const response = await fetch(backend.proxy_url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "getEntry", params: { branch: backend.branch ?? "main", path } }),
      });
      if (!response.ok) return null;
      const entry = (await response.json()) as { data?: string | null };
      return typeof entry.data === "string" ? entry.data : null;
    }
    if (backend.name === "github" && backend.repo) {
      const user = JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}") as { token?: string };
      const response = await fetch(
        `https://api.github.com/repos/${backend.repo}/contents/${path}?ref=${encodeURIComponent(backend.branch ?? "main")}`,
        { headers: { Accept: "application/vnd.github.raw", ...(user.token ? { Authorization: `token ${user.token}` } : {}) } },
      );
      return response.ok ? await response.text() : null;
    }
  } catch {
    // unreadable: the rules that read it wait for the build
  }
  return null;
}

/** Every other content file as the repository holds it now: the rules across files read them. */
async function loadOthers(except: string): Promise<void> {
  await Promise.all(
    FILES.filter((file) => file.file !== except).map(async (file) => {
      const name = file.file.replace(/^content\//, "");
      const text = await readRepositoryFile(file.file);
      if (text !== null && text.trim() !== "") others[name] = text;
      else delete others[name];
    }),
  );
}

/* ---------- the file as it would be written, and its problems ---------- */

/** How many times servers.json was saved in this session: the pick lists of servers search again after each. */
let serversSaves = 0;

let lastChecked: { data: unknown; issues: ContentIssue[]; value: unknown } | null = null;

function checkDraft(entry: Immutable): { issues: ContentIssue[]; value: unknown; shape: FileShape } {
  const path = String(entry.get("path"));
  const { shape, form } = formOf(path);
  const data = entry.get("data");
  const known = lastChecked;
  if (known !== null && known.data === data) return { issues: known.issues, value: known.value, shape };
  const original = originalOf(entry);
  let originalValue: unknown;
  try {
    originalValue = original === null ? undefined : JSON.parse(original);
  } catch {
    originalValue = undefined;
  }
  const value = tidyValue(fileValue(toJS(data) as Record<string, unknown>, shape), originalValue, form);
  const { [path.replace(/^content\//, "")]: _self, ...rest } = others;
  const issues = fileIssues(path.replace(/^content\//, ""), JSON.stringify(value), rest).filter((issue) => issue.level === "error");
  lastChecked = { data, issues, value };
  return { issues, value, shape };
}

function originalOf(entry: Immutable): string | null {
  const raw = entry.get("raw");
  if (typeof raw === "string" && raw.trim() !== "") return raw;
  return originals.get(String(entry.get("path"))) ?? null;
}

const parses = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object";
  } catch {
    return false;
  }
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The draft as it is now. A field is drawn again only when its own value
 * changes, so the draft it was given may be older than the one saved; the one
 * drawn last is the newest (each change draws the field that changed).
 */
let newestEntry: Immutable | null = null;
const seeEntry = (entry: Immutable) => {
  newestEntry = entry;
};
const draftOf = (entry: Immutable): Immutable =>
  newestEntry !== null && newestEntry.get("path") === entry.get("path") ? newestEntry : entry;

/** The lists drawn now (Decap's list control, by its field's id): each knows the key of each of its items, in order. */
const lists = new Map<string, { inner?: unknown }>();

/**
 * The exact place of a field in the file ("[6].ip"): Decap gives a field the ids
 * of what holds it (each list's id, then the key of the item), and each list
 * knows its items' keys in order. Null when it cannot be told.
 */
function exactPath(contentPath: string, parentIds: readonly string[] | undefined): string | null {
  const ids = parentIds ?? [];
  const indices: number[] = [];
  for (let i = 0; i < ids.length - 1; i++) {
    const keys = (lists.get(ids[i])?.inner as { state?: { keys?: string[] } } | undefined)?.state?.keys;
    if (keys === undefined) continue;
    const at = keys.indexOf(ids[i + 1]);
    if (at < 0) return null;
    indices.push(at);
  }
  if (contentPath.split("[]").length - 1 !== indices.length) return null;
  let n = 0;
  return contentPath.replace(/\[\]/g, () => `[${indices[n++]}]`);
}

/** The messages a field shows: the build's sentences about the value it holds, in its record. */
function messagesOf(props: Props, whole: boolean): string[] {
  const contentPath = props.field.get("content_path");
  if (typeof contentPath !== "string") return [];
  const value = toJS(props.value);
  if (isEmpty(value) && props.field.get("required") !== false) return []; // Decap says "required" itself
  const draft = checkDraft(draftOf(props.entry));
  const exact = exactPath(contentPath, props.parentIds);
  const found =
    exact !== null
      ? issuesAtPath(draft.issues, draft.shape, exact, whole)
      : issuesOfField(draft.issues, draft.shape, draft.value, contentPath, isEmpty(value) ? undefined : value, whole);
  return found.map((issue) => issue.message);
}

/* ---------- the widgets ---------- */

function boot(CMS: Cms, config: Record<string, unknown>): void {
  const h = w.h!;
  const createClass = w.createClass!;
  const errorOf = (props: Props, messages: string[]) =>
    messages.length === 0 ? true : { error: { type: "CUSTOM", parentIds: props.parentIds ?? [], message: messages.join(" ") } };

  /** Draws Decap's own control with the props Decap gave (or some changed), keeping hold of it; and notes the draft it was drawn with. */
  const drawInner = (wrapper: { inner?: Control; props: Props }, control: unknown, changed: Record<string, unknown> = {}) => {
    seeEntry(wrapper.props.entry);
    return h(control, {
      ...wrapper.props,
      ...changed,
      ref: (instance: Control | null) => {
        if (instance) wrapper.inner = instance;
      },
    });
  };

  /** Decap's own widget, with the content's rules added to its own. */
  const checked = (base: string, whole = false, changed: (props: Props) => Record<string, unknown> = () => ({})) => {
    const inner = CMS.getWidget(base)!;
    const control = createClass({
      isValid(this: { inner?: Control; props: Props }) {
        const own = this.inner?.isValid?.();
        if (own && typeof own === "object" && "error" in own && own.error) return own;
        if (own === false) return false;
        return errorOf(this.props, messagesOf(this.props, whole));
      },
      render(this: { inner?: Control; props: Props }) {
        return drawInner(this, inner.control, changed(this.props));
      },
    });
    CMS.registerWidget(CHECKED_WIDGETS[base as keyof typeof CHECKED_WIDGETS], control, inner.preview);
  };
  for (const base of ["string", "text", "number", "boolean", "select"]) checked(base);
  // A pick of servers holds a list: the issues of each server it names show beside it. Decap keeps the servers it
  // found for the session (by collection, search fields and term): after servers.json is saved, the search names
  // one more field, which no server has, so the next search reads the servers again.
  const pickFields = new WeakMap<object, { saves: number; field: unknown }>();
  checked("relation", true, (props) => {
    if (serversSaves === 0) return {};
    const known = pickFields.get(props.field);
    if (known?.saves === serversSaves) return { field: known.field };
    const field = (props.field as Immutable & { update(key: string, f: (list: { push(v: string): unknown }) => unknown): unknown }).update(
      "search_fields",
      (list) => list.push(`items.*.saved${serversSaves}`),
    );
    pickFields.set(props.field, { saves: serversSaves, field });
    return { field };
  });

  /** Decap's list and object, unchanged but for one thing: drawn again at every change inside them (a record removed or moved too), they tell the checks which draft is the newest. */
  const watching = (base: "list" | "object") => {
    const inner = CMS.getWidget(base)!;
    const control = createClass({
      isValid(this: { inner?: Control }) {
        return this.inner?.isValid?.() ?? true;
      },
      // Decap validates a list's or an object's fields through this method of the control it holds
      validate(this: { inner?: Control & { validate?: () => void } }) {
        this.inner?.validate?.();
      },
      focus(this: { inner?: Control & { focus?: (path: unknown) => void } }, path: unknown) {
        this.inner?.focus?.(path);
      },
      render(this: { inner?: Control; props: Props }) {
        if (base === "list") lists.set(this.props.forID, this);
        // Decap's object and list hand each of their fields up to what holds them, where a field of the same name
        // (a record's name, its check's dns name; the list of records, an incident's list of updates) takes the
        // other's place and is then never validated. Each validates its own fields; none is handed up.
        return drawInner(this, inner.control, { controlRef: undefined });
      },
      componentWillUnmount(this: { props: Props }) {
        lists.delete(this.props.forID);
      },
    });
    CMS.registerWidget(CHECKED_WIDGETS[base], control, inner.preview);
  };
  watching("list");
  watching("object");

  /** A pair of numbers (coordinates: longitude, latitude), one labelled box each. */
  const tuple = createClass({
    isValid(this: { props: Props }) {
      return errorOf(this.props, messagesOf(this.props, true));
    },
    render(this: { props: Props }) {
      seeEntry(this.props.entry);
      const labels = toJS(this.props.field.get("item_labels")) as string[];
      const value = (toJS(this.props.value) as unknown[] | undefined) ?? [];
      const onChange = this.props.onChange as (v: unknown) => void;
      return h(
        "div",
        { className: this.props.classNameWrapper, style: { display: "flex", gap: "16px", flexWrap: "wrap" } },
        labels.map((label, index) =>
          h(
            "label",
            { key: label, style: { display: "flex", flexDirection: "column", gap: "4px", fontSize: "14px" } },
            label,
            h("input", {
              id: index === 0 ? this.props.forID : undefined,
              type: "number",
              step: "any",
              inputMode: "decimal",
              value: typeof value[index] === "number" ? String(value[index]) : "",
              style: { padding: "8px", font: "inherit", border: "1px solid #dfdfe3", borderRadius: "5px", maxWidth: "160px" },
              onChange: (event: { target: { value: string } }) => {
                const next = labels.map((_l, i) => (typeof value[i] === "number" ? value[i] : null));
                const text = event.target.value.trim();
                next[index] = text === "" || !Number.isFinite(Number(text)) ? null : Number(text);
                onChange(next);
              },
            }),
          ),
        ),
      );
    },
  });
  CMS.registerWidget(CHECKED_WIDGETS.tuple, tuple);

  /**
   * A date and time, in UTC, to the second, written as the files write times
   * (2026-11-23T10:42:15Z). No date arithmetic in the reader's zone: what is
   * typed is what is written, on any night the clocks change. A time written
   * with an offset (+02:00) is shown in UTC; untouched, it is kept as written.
   */
  const datetime = createClass({
    isValid(this: { props: Props }) {
      return errorOf(this.props, messagesOf(this.props, false));
    },
    render(this: { props: Props }) {
      seeEntry(this.props.entry);
      const value = toJS(this.props.value);
      const onChange = this.props.onChange as (v: unknown) => void;
      const time = typeof value === "string" && value !== "" ? Date.parse(value) : Number.NaN;
      const shown = Number.isNaN(time) ? "" : new Date(time).toISOString().slice(0, 19);
      return h(
        "div",
        { className: this.props.classNameWrapper, style: { display: "flex", gap: "12px", alignItems: "center", flexWrap: "wrap" } },
        h("input", {
          id: this.props.forID,
          type: "datetime-local",
          step: 1,
          value: shown,
          style: { padding: "8px", font: "inherit", border: "1px solid #dfdfe3", borderRadius: "5px" },
          onChange: (event: { target: { value: string } }) => {
            const typed = event.target.value;
            onChange(typed === "" ? "" : `${typed.length === 16 ? `${typed}:00` : typed}Z`);
          },
        }),
        h("span", { style: { fontSize: "14px" } }, "UTC"),
      );
    },
  });
  CMS.registerWidget(CHECKED_WIDGETS.datetime, datetime);

  /** A value of many shapes (a map of headers, a choice of forms), written as JSON and checked as the build checks it. */
  const unreadable = new Map<string, string>();
  const json = createClass({
    getInitialState(this: { props: Props }) {
      const value = toJS(this.props.value);
      return { text: isEmpty(value) ? "" : JSON.stringify(value, null, 2) };
    },
    isValid(this: { props: Props }) {
      const problem = unreadable.get(this.props.forID);
      if (problem) return errorOf(this.props, [problem]);
      return errorOf(this.props, messagesOf(this.props, true));
    },
    render(this: { props: Props; state: { text: string }; setState(s: object): void }) {
      seeEntry(this.props.entry);
      const onChange = this.props.onChange as (v: unknown) => void;
      return h("textarea", {
        id: this.props.forID,
        className: this.props.classNameWrapper,
        value: this.state.text,
        rows: Math.min(12, Math.max(3, this.state.text.split("\n").length)),
        spellCheck: false,
        style: { fontFamily: "monospace" },
        onChange: (event: { target: { value: string } }) => {
          const text = event.target.value;
          this.setState({ text });
          if (text.trim() === "") {
            unreadable.delete(this.props.forID);
            onChange("");
            return;
          }
          try {
            onChange(JSON.parse(text));
            unreadable.delete(this.props.forID);
          } catch (error) {
            // where, never what: the box may hold a secret written where a variable's name belonged
            const at = /position (\d+)/.exec((error as Error).message)?.[1];
            unreadable.set(
              this.props.forID,
              `This is not JSON yet${at === undefined ? "" : ` (look near character ${Number(at) + 1})`}; it is not applied.`,
            );
          }
        },
      });
    },
  });
  CMS.registerWidget(CHECKED_WIDGETS.json, json);

  /* ---------- the format: lists stay lists, the layout stays ---------- */
  const written = new Map<string, string>();
  CMS.registerCustomFormat(CONTENT_FORMAT, "json", {
    fromFile(text: string) {
      return readContentFile(text);
    },
    toFile(data: unknown) {
      const ready = written.get(JSON.stringify(data));
      if (ready !== undefined) return ready;
      // a draft kept in the browser (not the repository): plain JSON is enough
      const record = data as Record<string, unknown>;
      const shape: FileShape = Object.keys(record).length === 1 && Array.isArray(record.items) ? "list" : "object";
      return `${JSON.stringify(fileValue(record, shape), null, 2)}\n`;
    },
  });

  /* ---------- saving: refused while the file would stop the build ---------- */
  CMS.registerEventListener({
    name: "preSave",
    handler: async ({ entry }) => {
      const path = String(entry.get("path"));
      const name = path.replace(/^content\//, "");
      const { shape, form } = formOf(path);
      // The file as the repository holds it now (not the copy the form was opened from, nor a restored backup):
      // its layout is what is kept, and a file the form could not read is never written over.
      const now = await readRepositoryFile(path);
      const openedFrom = entry.get("raw");
      if (now !== null && now.trim() !== "") {
        const readable = parses(now);
        if (!readable)
          throw new Error(
            `Not saved: ${path} in the repository is not valid JSON now. Mend it there (npm run validate names the place), then reload the editor.`,
          );
        if (typeof openedFrom !== "string" || !parses(openedFrom))
          throw new Error(
            `Not saved: the editor could not read ${path} when it opened it, so the form does not hold its records. Reload the editor.`,
          );
      }
      await loadOthers(path);
      lastChecked = null;
      const { issues, value } = checkDraft(entry);
      if (issues.length > 0) {
        throw new Error(
          `Not saved: ${issues.length === 1 ? "the file has a problem" : `the file has ${issues.length} problems`}. ${issues.map((i) => i.message).join(" ")}`,
        );
      }
      const elsewhere = problemsElsewhere(name, JSON.stringify(value), now, others);
      if (elsewhere.length > 0) {
        throw new Error(`Not saved: this change would stop the build in another file. ${elsewhere.map((i) => i.message).join(" ")}`);
      }
      const data = toJS(entry.get("data")) as Record<string, unknown>;
      const text = await writeContentFile(data, { shape, original: now ?? originalOf(entry), form, format: formatJson });
      written.set(JSON.stringify(data), text);
      originals.set(path, text);
      others[name] = text;
      if (name === "servers.json") serversSaves++;
      return undefined;
    },
  });

  /* ---------- the preview: text stays text ---------- */
  const preview = createClass({
    render(this: { props: { entry: Immutable } }) {
      const path = String(this.props.entry.get("path"));
      const { shape, form } = formOf(path);
      const value = fileValue((toJS(this.props.entry.get("data")) ?? {}) as Record<string, unknown>, shape);
      const order = form(shape === "list" ? "[]" : "").order;
      const ranked = (record: Record<string, unknown>) =>
        Object.entries(record).sort(([a], [b]) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0));
      const records = Array.isArray(value) ? value : [value];
      const words = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
      return h(
        "main",
        { style: { fontFamily: "system-ui, sans-serif", padding: "16px", color: "#111827" } },
        h("h1", { style: { fontSize: "20px" } }, byPath.get(path)?.label ?? path),
        records.map((record, index) => {
          const r = (record ?? {}) as Record<string, unknown>;
          const title = words(r.name ?? r.title ?? r.id ?? `Record ${index + 1}`);
          return h(
            "article",
            { key: index, style: { borderTop: "1px solid #e5e7eb", padding: "8px 0" } },
            h("h2", { style: { fontSize: "16px", margin: "4px 0" } }, title),
            h(
              "dl",
              { style: { display: "grid", gridTemplateColumns: "max-content 1fr", gap: "2px 12px", margin: 0, fontSize: "14px" } },
              ranked(r).flatMap(([key, v]) => [
                h("dt", { key: `${key}-k`, style: { color: "#4b5563" } }, key),
                h("dd", { key: `${key}-v`, style: { margin: 0 } }, words(v)),
              ]),
            ),
          );
        }),
      );
    },
  });
  for (const file of FILES) CMS.registerPreviewTemplate(file.name, preview);

  backend = config.backend as Backend;
  CMS.init({ config });
  watchListControls();
  followLink();
}

/* ---------- links from the site: a new server, a server's record ---------- */

/** /admin/?add=servers opens the servers' form with a new record; ?record=<id> opens the record with that id. */
function followLink(): void {
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

/* ---------- names for Decap's icon buttons ---------- */

/**
 * Decap draws a list item's bar with three icon-only controls (expand, move,
 * remove) and no names: a screen reader says "button". Each gets the name of
 * what it acts on, kept in step with the record's summary.
 */
function nameListControls(root: ParentNode): void {
  for (const bar of root.querySelectorAll<HTMLElement>("[class*='ListItemTopBar']")) {
    const label = bar.parentElement?.querySelector(":scope > [class*='NestedObjectLabel']")?.textContent?.trim() || "this item";
    const [toggle, remove] = [...bar.querySelectorAll<HTMLElement>(":scope > button")];
    const move = bar.querySelector<HTMLElement>(":scope > [aria-roledescription='sortable']");
    const name = (element: HTMLElement | null | undefined, words: string) => {
      if (element && element.getAttribute("aria-label") !== words) element.setAttribute("aria-label", words);
    };
    name(toggle, `Expand or collapse ${label}`);
    name(move, `Move ${label}`);
    name(remove, `Remove ${label}`);
  }
}

function watchListControls(): void {
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      nameListControls(document);
    });
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
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
