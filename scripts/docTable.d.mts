/** The types of scripts/docTable.mjs (plain JavaScript, shared by the .mjs and .ts benchmarks). */
export declare function docWithMarker(root: string, marker: string): string | null;
export declare function writeDocTable(root: string, marker: string, content: string): string | null;
