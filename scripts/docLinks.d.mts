/** The types of scripts/docLinks.mjs (plain JavaScript, run by node in npm run lint:docs). */
export declare function anchorOf(heading: string): string;
export declare function headingsOf(markdown: string): { headings: string[]; anchors: Set<string> };
export declare function linksOf(markdown: string): Array<{ target: string; line: number }>;
export declare function docFiles(root: string): string[];
export declare function checkDocLinks(root: string): string[];
