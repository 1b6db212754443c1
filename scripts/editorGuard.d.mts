/** The types of scripts/editorGuard.mjs (plain JavaScript, run by node in npm run edit). */
import type { Server } from "node:http";

export declare const BODY_LIMIT: number;
export declare function hostAllowed(host: string | undefined, port: number): boolean;
export declare function originAllowed(origin: string | undefined, siteOrigins: readonly string[]): boolean;
export declare function pathProblem(given: unknown): string | null;
export declare function requestProblem(body: unknown): string | null;
export declare function startEditorGuard(options: { port: number; upstreamPort: number; siteOrigins: readonly string[] }): Promise<Server>;
