/** The types of scripts/editorGuard.mjs (plain JavaScript, run by node in npm run edit). */
import type { ChildProcess, StdioOptions } from "node:child_process";
import type { Server } from "node:http";

export declare const BODY_LIMIT: number;
export declare function hostAllowed(host: string | undefined, port: number): boolean;
export declare function originAllowed(origin: string | undefined, siteOrigins: readonly string[]): boolean;
/** A "file" must be in content/ or static/; a "folder" may be one of them. */
export declare function pathProblem(given: unknown, kind?: "file" | "folder"): string | null;
export declare function requestProblem(body: unknown): string | null;
export declare function startEditorGuard(options: { port: number; upstreamPort: number; siteOrigins: readonly string[] }): Promise<Server>;
export declare function startGuardedDecapServer(options: {
  port: number;
  repo: string;
  siteOrigins: readonly string[];
  /** decap-server's dist/index.js */
  decapServer: string;
  stdio?: StdioOptions;
  readyWithin?: number;
}): Promise<{ port: number; decapPort: number; decap: ChildProcess; stop: () => Promise<void> }>;
