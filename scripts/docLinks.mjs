/**
 * The docs' links, checked (npm run lint:docs, part of npm run lint: scripts/check-doc-links.mjs): every relative link of the
 * project's Markdown (README.md, ARCHITECTURE.md, CONTENT.md, docs/*.md) names a file that exists
 * and, after its #, a heading of that file (GitHub's anchors); and every place the code, the
 * content's schemas or the workflow sends a reader to a section of a doc, in the house form
 * `docs/operators.md, "Publishing"` or `docs/operators.md, "Notifications"`, names a heading that doc has.
 * A doc that moves or a heading renamed fails here, not in a reader's hands.
 */
import fs from "node:fs";
import path from "node:path";

/** GitHub's anchor of a heading: lower case, without punctuation (bar hyphens and underscores), spaces as hyphens. */
export function anchorOf(heading) {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/**
 * A Markdown file's sections (outside fenced code): its headings, with their anchors (the repeated
 * ones numbered as GitHub does), and the paragraphs that open with a bold lead (`**In shards.**`),
 * which the docs use as sections within a heading's.
 */
export function headingsOf(markdown) {
  const headings = [];
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const lead = /^\*\*([^*]+?)[.:]?\*\*/.exec(line);
    if (lead) headings.push(lead[1].replace(/`/g, ""));
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = anchorOf(match[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
    headings.push(match[1].replace(/`/g, ""));
  }
  return { headings, anchors };
}

/** Each relative link of a Markdown text ([text](target), outside fenced and inline code): its target and line. */
export function linksOf(markdown) {
  const links = [];
  let fenced = false;
  markdown.split("\n").forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/`[^`]*`/g, "");
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
      links.push({ target, line: i + 1 });
    }
  });
  return links;
}

/** The project's docs (README.md, ARCHITECTURE.md, CONTENT.md, docs/*.md), relative to root. */
export function docFiles(root) {
  const top = ["README.md", "ARCHITECTURE.md", "CONTENT.md"].filter((f) => fs.existsSync(path.join(root, f)));
  const dir = path.join(root, "docs");
  const docs = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`)
    : [];
  return [...top, ...docs.sort()];
}

/** The files whose words send readers to a doc's section: code, scripts, schemas, the workflow. */
function referringFiles(root) {
  const roots = ["src", "gatsby", "io", "monitor", "scripts", "content/schema", ".github/workflows"];
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.endsWith("-snapshots")) walk(rel);
      } else if (/\.(m?[jt]sx?|json|ya?ml)$/.test(entry.name)) files.push(rel);
    }
  };
  for (const dir of roots) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return [
    ...files,
    ...["gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx"].filter((f) => fs.existsSync(path.join(root, f))),
  ];
}

/** What is wrong with the docs' links and the references to their sections, one line each (none: all good). */
export function checkDocLinks(root) {
  const problems = [];
  const docs = docFiles(root);
  const headingCache = new Map();
  const headingsIn = (file) => {
    if (!headingCache.has(file)) headingCache.set(file, headingsOf(fs.readFileSync(path.join(root, file), "utf8")));
    return headingCache.get(file);
  };
  for (const doc of docs) {
    for (const { target, line } of linksOf(fs.readFileSync(path.join(root, doc), "utf8"))) {
      const [filePart, anchor] = target.split("#");
      const file = filePart === "" ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), decodeURI(filePart)));
      if (!fs.existsSync(path.join(root, file))) {
        problems.push(`${doc}:${line}: the link to ${target} names a file that is not there (${file})`);
        continue;
      }
      if (anchor !== undefined && anchor !== "" && file.endsWith(".md") && !headingsIn(file).anchors.has(decodeURIComponent(anchor))) {
        problems.push(`${doc}:${line}: the link to ${target}: ${file} has no heading whose anchor is #${anchor}`);
      }
    }
  }
  // `docs/operators.md, "Publishing"`: the house's way for code to send a reader to a section.
  const reference = /\b((?:docs\/)?[A-Z]?[\w-]+\.md|README),? \\?"([^"\\]+)\\?"/g;
  for (const file of referringFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    text.split("\n").forEach((line, i) => {
      for (const [, named, section] of line.matchAll(reference)) {
        const doc = named === "README" ? "README.md" : named;
        if (!fs.existsSync(path.join(root, doc))) {
          problems.push(`${file}:${i + 1}: sends readers to ${doc}, which is not there`);
          continue;
        }
        const { headings } = headingsIn(doc);
        if (!headings.some((h) => h === section || h.startsWith(`${section} (`) || h.startsWith(`${section}:`))) {
          problems.push(`${file}:${i + 1}: sends readers to ${doc}, "${section}", a heading ${doc} does not have`);
        }
      }
    });
  }
  return problems;
}
