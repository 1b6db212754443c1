/**
 * What the web editor's code knows of Decap CMS (its values are Immutable collections, its widgets
 * React classes made in its own React) and of the content files' forms, shared by its parts:
 * drafts.ts, widgets.ts, saving.ts, preview.ts and cms.ts, which starts them.
 */
import { editorFiles, formAt } from "./fileForms";

/* Decap's values are Immutable collections; what the editor reads of them. */
export type Immutable = { toJS(): unknown; get(key: string): unknown; getIn(keys: string[]): unknown };
export type Props = Record<string, unknown> & { entry: Immutable; field: Immutable; value: unknown; forID: string; parentIds?: string[] };
export type Control = { isValid?: () => unknown };
export type Cms = {
  init(options: { config: Record<string, unknown> }): void;
  getWidget(name: string): { control: unknown; preview: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown): void;
  registerCustomFormat(name: string, extension: string, format: { fromFile(text: string): unknown; toFile(data: unknown): string }): void;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerEventListener(listener: { name: string; handler: (event: { entry: Immutable }) => Promise<unknown> }): void;
};
/** Decap's React, as it exposes it: `h` makes an element, `createClass` a component of a spec. */
export type DecapReact = { h: (...args: unknown[]) => unknown; createClass: (spec: object) => unknown };

export const FILES = editorFiles();
export const byPath = new Map(FILES.map((file) => [file.file, file]));

export const toJS = (value: unknown): unknown =>
  value !== null && typeof value === "object" && typeof (value as Immutable).toJS === "function" ? (value as Immutable).toJS() : value;

export function formOf(path: string) {
  const file = byPath.get(path);
  return { file, shape: file?.shape ?? "list", form: formAt(file) };
}
