import type { SourceNodesArgs } from "gatsby";

/** A node maker for one sourceNodes call: a node of `type`, its id made from `key`, its digest from its fields. */
export function nodeMaker({
  actions,
  createNodeId,
  createContentDigest,
}: Pick<SourceNodesArgs, "actions" | "createNodeId" | "createContentDigest">) {
  return (type: string, key: string, fields: Record<string, unknown>): void => {
    void actions.createNode({
      ...fields,
      id: createNodeId(`${type} ${key}`),
      internal: { type, contentDigest: createContentDigest(fields) },
    });
  };
}
