import { withPrefix } from "gatsby";
import { useSyncExternalStore } from "react";
import { isThisMachine } from "../../domain/kernel/hosts";
import { useSiteMetadata } from "./useSiteMetadata";

const noChange = () => () => undefined;

/**
 * The web editor's address for a file (and a record of it, or a new one), when
 * this site has an editor its reader can use: always when the build names a
 * GitHub repository; with the local editor (npm run edit), only on the machine
 * that runs it, known once the page runs. Otherwise null: the page explains.
 */
export function useEditorAddress(): ((file: string, what?: { add: true } | { record: string }) => string) | null {
  const { editor } = useSiteMetadata();
  // the static HTML is for every host: it knows no editor until the page runs
  const onThisMachine = useSyncExternalStore(
    noChange,
    () => isThisMachine(window.location.hostname),
    () => false,
  );
  if (editor !== "github" && !onThisMachine) return null;
  return (file, what) => {
    const query =
      what === undefined
        ? ""
        : "add" in what
          ? `?add=${encodeURIComponent(file)}`
          : `?file=${encodeURIComponent(file)}&record=${encodeURIComponent(what.record)}`;
    return `${withPrefix("/admin/")}${query}#/collections/content/entries/${encodeURIComponent(file)}`;
  };
}
