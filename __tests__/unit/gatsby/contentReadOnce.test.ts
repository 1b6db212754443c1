/**
 * @jest-environment node
 *
 * One build reads each content file once (#31): gatsby-node's hooks run in a
 * build's order (validation, sourcing, nodes, pages, open data) over a copy of
 * content/ with the check job's files, and every read of a file under the
 * folder is counted, however it is made (readFileSync, readFile, a stream, an
 * open file). Gatsby's own source (gatsby-source-filesystem hashes the files it
 * sources) is not part of this run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Node } from "gatsby";
import { writeFullAgeHistory } from "../../../scripts/generateHistory";

const ROOT = path.join(__dirname, "..", "..", "..");
let work: string;
let contentDir: string;
const reads = new Map<string, number>();
const cwd = process.cwd();

/** Counts each call that reads a file under the content folder, by the path relative to it. */
function countReads(): void {
  const count = (file: unknown) => {
    if (typeof file !== "string") return;
    const relative = path.relative(contentDir, path.resolve(file));
    if (relative.startsWith("..") || path.isAbsolute(relative)) return;
    reads.set(relative, (reads.get(relative) ?? 0) + 1);
  };
  const wrap = <K extends "readFileSync" | "readFile" | "createReadStream">(name: K) => {
    const original = fs[name] as (...args: unknown[]) => unknown;
    jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      count(args[0]);
      return original.apply(fs, args);
    }) as never);
  };
  wrap("readFileSync");
  wrap("readFile");
  wrap("createReadStream");
  const originalOpen = fs.openSync;
  jest.spyOn(fs, "openSync").mockImplementation(((file: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
    if (flags === undefined || flags === "r") count(file);
    return originalOpen(file, flags ?? "r", mode);
  }) as typeof fs.openSync);
  const originalPromise = fs.promises.readFile;
  jest.spyOn(fs.promises, "readFile").mockImplementation(((file: unknown, options?: unknown) => {
    count(file);
    return (originalPromise as (...args: unknown[]) => unknown)(file, options);
  }) as never);
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "read-once-"));
  contentDir = path.join(work, "content");
  fs.cpSync(path.join(ROOT, "content"), contentDir, { recursive: true });
  // Three servers checked, with the job's files at full age: the pages and the API read their histories too.
  const serversFile = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(serversFile, "utf8")) as Array<{ id: string; check?: unknown }>;
  const checked = servers.slice(0, 3);
  for (const server of checked) server.check = { url: `https://${server.id}.example.org/health` };
  fs.writeFileSync(serversFile, JSON.stringify(servers));
  writeFullAgeHistory(
    contentDir,
    checked.map((s) => s.id),
    Date.now() - 60_000,
  );
  fs.writeFileSync(path.join(contentDir, "notifications.json"), JSON.stringify({ channels: [], routes: [] }));
  process.env.CONTENT_DIR = contentDir;
  // The open data and the vendor files are written under the working folder's public/: a folder of this test's.
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"));
  fs.symlinkSync(path.join(ROOT, "static"), path.join(work, "static"));
  // /admin's code is bundled from the project's src/editor (it reads the schemas, never content/)
  fs.symlinkSync(path.join(ROOT, "src"), path.join(work, "src"));
  fs.symlinkSync(path.join(ROOT, ".prettierrc.json"), path.join(work, ".prettierrc.json"));
  fs.writeFileSync(path.join(work, "package.json"), "{}");
  fs.mkdirSync(path.join(work, "public"));
  process.chdir(work);
});

afterAll(() => {
  process.chdir(cwd);
  delete process.env.CONTENT_DIR;
  jest.restoreAllMocks();
  fs.rmSync(work, { recursive: true, force: true });
});

it("a build reads each file of content/ once, from the check before sourcing to the open data", async () => {
  // Loaded here: gatsby-node resolves the content folder when it runs, not when it loads.
  const gatsbyNode = await import("../../../gatsby-node");
  countReads();
  const problems: string[] = [];
  const reporter = {
    panic: (m: string) => problems.push(m),
    warn: () => undefined,
    info: () => undefined,
    error: (m: string) => problems.push(m),
  };
  const store = { getState: () => ({ config: { siteMetadata: { siteUrl: "https://status.example.org" } }, program: {} }) };
  const nodes: Array<Record<string, unknown>> = [];
  const actions = {
    createNode: (node: Record<string, unknown>) => void nodes.push(node),
    createParentChildLink: () => undefined,
    createPage: () => undefined,
  };
  const helpers = {
    actions,
    reporter,
    store,
    createNodeId: (key: string) => `id:${key}`,
    createContentDigest: (value: unknown) => String(JSON.stringify(value)?.length ?? 0),
    loadNodeContent: (node: { absolutePath: string }) => fs.promises.readFile(node.absolutePath, "utf8"),
    graphql: () =>
      Promise.resolve({
        data: { site: { siteMetadata: { siteUrl: "https://status.example.org", title: "Status", description: "Servers" } } },
      }),
    basePath: "",
  };
  type Hook = (args: never) => unknown;
  const run = (hook: unknown, args: object) => (hook as Hook)(args as never);

  await run(gatsbyNode.onPreBootstrap, helpers);
  expect(problems).toEqual([]);
  await run(gatsbyNode.sourceNodes, helpers);
  // gatsby-source-filesystem's File nodes for the sourced files, as Gatsby hands them to onCreateNode.
  for (const name of fs.readdirSync(contentDir).filter((n) => n.endsWith(".json") && n !== "notifications.json")) {
    const node = {
      id: `file ${name}`,
      name: name.replace(/\.json$/, ""),
      absolutePath: path.join(contentDir, name),
      sourceInstanceName: "content",
      children: [],
      internal: { type: "File", mediaType: "application/json", contentDigest: "x", owner: "gatsby-source-filesystem" },
    } as unknown as Node;
    await run(gatsbyNode.onCreateNode, { ...helpers, node });
  }
  await run(gatsbyNode.createPages, helpers);
  await run(gatsbyNode.onPostBuild, helpers);

  // The build did its work: nodes from every file, the pages' data, the open data.
  expect(nodes.some((n) => (n.internal as { type: string }).type === "ServersJson")).toBe(true);
  expect(nodes.some((n) => (n.internal as { type: string }).type === "CheckResult")).toBe(true);
  expect(fs.existsSync(path.join(work, "public", "api", "v1", "servers.json"))).toBe(true);

  const counted = Object.fromEntries([...reads].sort());
  // Every file the build needs was read: the editors' files and the job's.
  expect(Object.keys(counted)).toEqual(
    expect.arrayContaining(["servers.json", "alerts.json", "notifications.json", "checks/latest.json", "checks/history.json"]),
  );
  const readMoreThanOnce = Object.entries(counted).filter(([, times]) => times > 1);
  expect(readMoreThanOnce).toEqual([]);
}, 60_000);
