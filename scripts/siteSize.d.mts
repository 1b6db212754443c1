/** The types of scripts/siteSize.mjs (plain JavaScript, run by node in the workflow: npm run site-size). */
export type Host = { name: string; bytes?: number; files?: number; fileBytes?: number; source: string };
export declare const HOSTS: Record<"github-pages" | "cloudflare-pages" | "cloudflare-pages-paid" | "s3", Host>;
export type SiteMeasure = { bytes: number; files: number; heaviest: { file: string | null; bytes: number }; servers: number };
export declare function measureSite(dir: string): SiteMeasure;
export declare function judgeSite(measured: SiteMeasure, hostKey: string, maxBytes?: number): string[];
export declare function describeSite(measured: SiteMeasure, dir: string): string;
