/** Types of page-weight.mjs, which the budget test shares with the benchmarks. */
export declare const PAGES: readonly string[];

type Bytes = { raw: number; gzip: number };
export type PageWeight = {
  page: string;
  html: Bytes;
  /** scripts and data files */
  scripts: Array<{ src: string } & Bytes>;
  total: Bytes;
};

export declare function htmlFile(publicDir: string, page: string): string;
export declare function htmlScripts(html: string): string[];
export declare function firstLoadFiles(publicDir: string, page: string, html: string): string[];
export declare function pageWeight(publicDir: string, page: string): PageWeight;
export declare function currentChunkFiles(publicDir: string): string[];
export declare function sheetJsChunks(publicDir: string): string[];
export declare function holdsVictory(text: string): boolean;
export declare function victoryChunks(publicDir: string): string[];
export declare function onDemandChunks(publicDir: string): { mapbox?: number; xlsx?: number };
export declare function firstLoadJs(publicDir: string, page: string): Bytes & { scripts: Array<{ src: string } & Bytes> };
