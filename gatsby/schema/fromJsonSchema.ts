/**
 * GraphQL type definitions derived from the content's JSON Schemas, so the shape
 * of a record is written once (in content/schema) and the build's types follow
 * it. Only the part of JSON Schema the content uses is understood: objects,
 * strings, numbers, integers, booleans, lists and tuples of one type, and
 * alternatives (oneOf/anyOf) whose fields are merged, all optional. A field is
 * non-null when it is required and its type does not include null. A field whose
 * JSON values have no one GraphQL type (a weekday or a day of the month) names
 * its type in the schema's "x-graphql" annotation.
 */
export type SchemaNode = {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode | SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  /** the GraphQL type to give the field, for values of several JSON types (String: GraphQL writes a number as its digits) */
  "x-graphql"?: string;
};

const SCALARS: Record<string, string> = { string: "String", number: "Float", integer: "Int", boolean: "Boolean" };

const pascal = (name: string) => name.replace(/(^|[-_\s])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());

/** The one JSON type of a node ("null" aside); a node without one is an object when it has properties. */
function jsonType(schema: SchemaNode): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : schema.type ? [schema.type] : [];
  if (types.length > 1) throw new Error(`a field of several types (${types.join(", ")}) has no GraphQL type`);
  if (types.length === 1) return types[0];
  if (schema.properties || schema.oneOf || schema.anyOf) return "object";
  return undefined;
}

/** Properties of an object, with the fields of its alternatives merged in (as optional fields). */
function objectProperties(schema: SchemaNode): { properties: Record<string, SchemaNode>; required: Set<string> } {
  const properties: Record<string, SchemaNode> = { ...schema.properties };
  for (const alternative of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) Object.assign(properties, alternative.properties);
  return { properties, required: new Set(schema.required ?? []) };
}

type Options = {
  /** fields renamed on the way (gatsby/nodes/contentRecords.ts stores a record's id as jsonId) */
  rename?: Record<string, string>;
  /** fields the schema does not have, written as they are (links to other types) */
  extraFields?: string[];
  /** what the type implements and its directives, e.g. "implements Node @dontInfer" */
  suffix?: string;
};

/**
 * `type Name … { field: Type! … }` for an object schema, and the types of its
 * nested objects (named Name + field name), nested types first.
 */
export function objectTypeDefs(name: string, schema: SchemaNode, options: Options = {}): string {
  const nested: string[] = [];
  const fieldType = (field: string, node: SchemaNode, owner: string): string => {
    if (node["x-graphql"] !== undefined) return node["x-graphql"];
    const type = jsonType(node);
    if (type === undefined) throw new Error(`${owner}.${field} has no type in its schema`);
    if (type in SCALARS) return SCALARS[type];
    if (type === "array") {
      const items = Array.isArray(node.items) ? node.items : node.items ? [node.items] : [];
      const inner = new Set(items.map((item, i) => fieldType(`${field}${i}`, item, owner)));
      if (inner.size !== 1) throw new Error(`${owner}.${field} is a list of mixed or unknown items`);
      return `[${[...inner][0]}!]`;
    }
    if (type === "object") {
      const typeName = `${owner}${pascal(field)}`;
      nested.push(render(typeName, node, {}));
      return typeName;
    }
    throw new Error(`${owner}.${field} has the type ${type}, which has no GraphQL type`);
  };
  const render = (typeName: string, node: SchemaNode, opts: Options): string => {
    const { properties, required } = objectProperties(node);
    const lines = Object.entries(properties).map(([field, child]) => {
      const gqlName = opts.rename?.[field] ?? field;
      // A required field that may be null (a response time where nothing answered) is still nullable.
      const nullable = Array.isArray(child.type) && child.type.includes("null");
      return `  ${gqlName}: ${fieldType(field, child, typeName)}${required.has(field) && !nullable ? "!" : ""}`;
    });
    for (const extra of opts.extraFields ?? []) lines.push(`  ${extra}`);
    return `type ${typeName}${opts.suffix ? ` ${opts.suffix}` : ""} {\n${lines.join("\n")}\n}`;
  };
  const main = render(name, schema, options);
  return [...nested, main].join("\n");
}

/** The record type of a content file whose schema is a list of records. */
export function recordTypeDefs(name: string, fileSchema: SchemaNode, options: Options = {}): string {
  const items = fileSchema.items;
  if (jsonType(fileSchema) !== "array" || !items || Array.isArray(items)) throw new Error(`${name}: the schema is not a list of records`);
  return objectTypeDefs(name, items, options);
}
