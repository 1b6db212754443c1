import type { CreateNodeArgs, Node } from "gatsby";
import { readContentFile } from "../../io/contentFiles";
import { jsonTypeName } from "../../src/domain/content/files";

type ContentFileNode = Node & {
  name: string;
  absolutePath: string;
  sourceInstanceName?: unknown;
  internal: Node["internal"] & { mediaType?: string };
};

const isContentJson = (node: Node): node is ContentFileNode =>
  node.internal.type === "File" &&
  (node as ContentFileNode).sourceInstanceName === "content" &&
  (node as ContentFileNode).internal.mediaType === "application/json";

/**
 * Every record of a content file becomes a node: servers.json's records are
 * ServersJson nodes, a record's `id` is kept as `jsonId` (as
 * gatsby-transformer-json did). The records are children of their file, so a
 * cached build keeps them and an edit in develop replaces them.
 *
 * Why not gatsby-transformer-json: it links each record to its file with one
 * createParentChildLink per record, and each link writes the whole file node
 * (every child id so far) to Gatsby's store, which grows with the square of the
 * records: 10,000 servers spent 290 s there. Here the file's children are
 * listed at once and written with one link.
 */
export async function createContentNodes({ node, actions, createNodeId, createContentDigest }: CreateNodeArgs): Promise<void> {
  if (!isContentJson(node)) return;
  // The content was checked before sourcing (validateContent), so each file is a list of records;
  // its text is the one the check read (io/contentFiles.ts reads each version of a file once).
  const records = JSON.parse(readContentFile(node.absolutePath) ?? "[]") as Array<Record<string, unknown>>;
  const type = jsonTypeName(node.name);
  const children = records.map((record, index) => ({
    ...record,
    ...(record.id ? { jsonId: record.id } : {}),
    id: createNodeId(`${node.id} [${index}] >>> JSON`),
    parent: node.id,
    children: [],
    internal: { type, contentDigest: createContentDigest(record) },
  }));
  for (const child of children) await actions.createNode(child);
  if (children.length === 0) return;
  // createParentChildLink adds one id to the file's list and writes the file; the list is filled here, then written once.
  const known = new Set(node.children);
  for (const child of children) if (!known.has(child.id)) node.children.push(child.id);
  actions.createParentChildLink({ parent: node, child: children[children.length - 1] });
}
