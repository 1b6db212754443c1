/**
 * The web editor's preview of a file: its records and their fields, in the form's order, as text
 * (a value is never markup: a name that holds HTML shows its characters).
 */
import { fileValue } from "./jsonFile";
import { FILES, byPath, formOf, toJS, type Cms, type DecapReact, type Immutable } from "./decap";

/** Registers the preview of every content file with Decap. */
export function registerPreview(CMS: Cms, { h, createClass }: DecapReact): void {
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
}
