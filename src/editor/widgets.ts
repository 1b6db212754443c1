/**
 * The web editor's widgets: Decap's own (string, text, number, boolean, select, relation, list,
 * object), each with the content's rules added to its own, and three of ours (a pair of numbers, a
 * date and time in UTC, a value written as JSON). A field shows the build's sentences about the
 * value it holds (drafts.ts); Decap's own checks still come first.
 */
import { CHECKED_WIDGETS } from "./schemaFields";
import { isEmpty, lists, messagesOf, seeEntry, serversSaved } from "./drafts";
import { toJS, type Cms, type Control, type DecapReact, type Immutable, type Props } from "./decap";

/** Registers every widget the forms name (schemaFields.ts CHECKED_WIDGETS) with Decap. */
export function registerWidgets(CMS: Cms, { h, createClass }: DecapReact): void {
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
    const serversSaves = serversSaved();
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
}
