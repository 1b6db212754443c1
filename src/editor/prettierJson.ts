/**
 * JSON laid out as the repository lays it out: Prettier's standalone printer
 * (the one that runs in a browser) with the project's options. Loaded on /admin
 * only, inside the editor's bundle.
 */
import { format } from "prettier/standalone";
import * as babel from "prettier/plugins/babel";
import * as estree from "prettier/plugins/estree";
import options from "../../.prettierrc.json";

export const formatJson = (text: string): Promise<string> => format(text, { ...options, parser: "json", plugins: [babel, estree] });
