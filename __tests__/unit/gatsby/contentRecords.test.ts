import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CreateNodeArgs } from "gatsby";
import { createContentNodes } from "../../../gatsby/nodes/contentRecords";

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-nodes-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A content file node and the actions Gatsby hands over, recorded. */
function fileArgs(name: string, records: unknown[], overrides: Record<string, unknown> = {}) {
  const absolutePath = path.join(dir, `${name}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(absolutePath, JSON.stringify(records));
  const node = {
    absolutePath,
    id: `file-${name}`,
    name,
    sourceInstanceName: "content",
    children: [] as string[],
    internal: { type: "File", mediaType: "application/json", contentDigest: "x", owner: "fs" },
    ...overrides,
  };
  const created: Array<Record<string, unknown>> = [];
  const links: unknown[] = [];
  const args = {
    node,
    actions: {
      createNode: jest.fn((child: Record<string, unknown>) => {
        created.push(child);
        return Promise.resolve();
      }),
      createParentChildLink: jest.fn((link: unknown) => links.push(link)),
    },
    loadNodeContent: () => Promise.reject(new Error("the content reader reads the file (io/contentFiles.ts), once")),
    createNodeId: (key: string) => `node:${key}`,
    createContentDigest: (value: unknown) => JSON.stringify(value).length.toString(),
  } as unknown as CreateNodeArgs;
  return { args, node, created, links };
}

describe("content records become nodes (gatsby/nodes/contentRecords.ts)", () => {
  it("one node per record, typed after the file, its id kept as jsonId, all children of the file, linked with one write", async () => {
    const records = Array.from({ length: 2000 }, (_, i) => ({ id: `srv-${i}`, name: `S-${i}` }));
    const { args, node, created, links } = fileArgs("servers", records);
    await createContentNodes(args);
    expect(created).toHaveLength(2000);
    expect(created[5]).toMatchObject({ jsonId: "srv-5", name: "S-5", parent: node.id, internal: { type: "ServersJson" } });
    expect(new Set(created.map((c) => c.id)).size).toBe(2000);
    expect(node.children).toEqual(created.map((c) => c.id));
    expect(links).toHaveLength(1);
  });

  it("names types after files with dashes, and leaves other nodes alone", async () => {
    const security = fileArgs("security-alerts", [{ id: "s1", type: "high" }]);
    await createContentNodes(security.args);
    expect(security.created[0].internal).toMatchObject({ type: "SecurityAlertsJson" });
    const other = fileArgs("servers", [{ id: "x" }], { sourceInstanceName: "elsewhere" });
    await createContentNodes(other.args);
    expect(other.created).toHaveLength(0);
    const empty = fileArgs("alerts", []);
    await createContentNodes(empty.args);
    expect(empty.links).toHaveLength(0);
  });
});
