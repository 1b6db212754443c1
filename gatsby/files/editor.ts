import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { editorBackend, editorConfig, type EditorBackend } from "../../src/editor/config";
import { escapeHtml } from "../../src/domain/kernel/format";

/**
 * /admin, the web editor (#36): Decap CMS's prebuilt bundle copied from its npm
 * package (never a CDN), our code for it bundled from src/editor/cms.ts, and its
 * configuration made from the content's schemas. Nothing of it is linked from
 * the site's pages but by address: no other route loads any of it.
 */
const projectRequire = () => createRequire(path.join(process.cwd(), "package.json"));
const decapDist = (): string => path.join(path.dirname(projectRequire().resolve("decap-cms/package.json")), "dist");

/** The files of Decap's dist the browser asks for: the bundle, its lazy chunks and their WebAssembly; not the source maps (50 MB), not its copy under another name. */
const isDecapFile = (name: string): boolean => name === "decap-cms.js" || /^\d+\.decap-cms\.js$/.test(name) || /\.wasm$/.test(name);

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="../favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>
  .editor-notice { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #111827; }
  .editor-notice a { color: #1d4ed8; }
  .editor-notice code { background: #f3f4f6; padding: 0 .25rem; border-radius: 4px; }
  /* Decap's editor is drawn for 800 px and more: on a phone its toolbar wraps and its form takes the width */
  @media (max-width: 799px) {
    [class*="-EditorContainer"] { min-width: 0 !important; }
    [class*="-ToolbarContainer"] { flex-wrap: wrap; height: auto !important; min-width: 0 !important; }
    [class*="-ToolbarSectionBackLink"] { padding: 8px 12px !important; }
    /* one column, the form: on a phone the preview is left out (the site shows the result once built) */
    .SplitPane > .Pane1 { width: 100% !important; }
    .SplitPane > .Pane2, .SplitPane > .Resizer { display: none; }
  }
</style>
</head>
<body>
<noscript><div class="editor-notice"><h1>Content editor</h1><p>The editor needs JavaScript. Without it, edit the JSON files under <code>content/</code> and run <code>npm run validate</code>.</p></div></noscript>
<div id="editor-unavailable" class="editor-notice" hidden>
<h1>Content editor</h1>
<p>This site was built without a shared editor: its build names no GitHub repository (<code>CMS_GITHUB_REPO</code>). The editor works on the computer that holds the repository: run <code>npm run edit</code> there, and open the address it prints.</p>
<p>Or edit the JSON files under <code>content/</code>, run <code>npm run validate</code>, and commit. <a href="../">Back to the site</a></p>
</div>
<div id="editor-failed" class="editor-notice" role="alert" hidden>
<h1>Content editor</h1>
<p>The editor could not be loaded. Reload the page; if it still fails, the build's <code>/admin/config.yml</code> or <code>/admin/decap-cms.js</code> is missing. The content can still be edited in <code>content/</code> (<code>npm run validate</code> checks it).</p>
</div>
<script src="editor.js"></script>
</body>
</html>
`;
}

/** gatsby build: public/admin/. */
export async function writeEditor(options: {
  siteUrl: string;
  siteTitle?: string;
  publicDir?: string;
  backend?: EditorBackend;
}): Promise<void> {
  const target = path.join(options.publicDir ?? path.join(process.cwd(), "public"), "admin");
  fs.mkdirSync(target, { recursive: true });
  const dist = decapDist();
  for (const name of fs.readdirSync(dist).filter(isDecapFile)) fs.copyFileSync(path.join(dist, name), path.join(target, name));
  const backend = options.backend ?? editorBackend(process.env);
  // JSON is YAML: Decap reads it as its config.yml; our code reads it too.
  fs.writeFileSync(path.join(target, "config.yml"), `${JSON.stringify(editorConfig(backend, options.siteUrl), null, 2)}\n`);
  fs.writeFileSync(path.join(target, "index.html"), page(options.siteTitle ? `Content editor · ${options.siteTitle}` : "Content editor"));
  await build({
    entryPoints: [path.join(process.cwd(), "src/editor/cms.ts")],
    outfile: path.join(target, "editor.js"),
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    legalComments: "none",
    logLevel: "silent",
  });
}
