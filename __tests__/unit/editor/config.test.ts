import { CONTENT_FILES, OPTIONAL_FILES, OPTIONAL_LIST_FILES } from "../../../src/domain/content/files";
import { editorBackend, editorConfig } from "../../../src/editor/config";
import { editorFiles } from "../../../src/editor/fileForms";
import { CHECKED_WIDGETS, fieldLabel, type EditorField } from "../../../src/editor/schemaFields";

type Node = Record<string, unknown>;

/**
 * Every property a schema names, wherever it sits (in a branch of oneOf, allOf,
 * if/then/else too), as a path: "[].check.url", "channels[].id". Walked here
 * without the editor's code, so a construct the editor misses shows.
 */
function schemaPaths(schema: Node, path: string, out: Set<string>): Set<string> {
  const visit = (node: unknown, at: string) => {
    if (node === null || typeof node !== "object") return;
    const n = node as Node;
    for (const [name, property] of Object.entries((n.properties as Node | undefined) ?? {})) {
      if (name === "$schema") continue;
      const child = at === "" ? name : `${at}.${name}`;
      out.add(child);
      schemaPaths(property as Node, child, out);
    }
    for (const key of ["oneOf", "anyOf", "allOf"]) for (const branch of (n[key] as unknown[] | undefined) ?? []) visit(branch, at);
    for (const key of ["if", "then", "else"]) visit(n[key], at);
    if (n.items && !Array.isArray(n.items)) visit(n.items, `${at}[]`);
  };
  visit(schema, path);
  return out;
}

function fieldPaths(fields: readonly EditorField[], out = new Map<string, EditorField>()): Map<string, EditorField> {
  for (const field of fields) {
    out.set(field.content_path, field);
    if (field.fields) fieldPaths(field.fields, out);
    if (field.field) fieldPaths([field.field], out);
  }
  return out;
}

describe("the web editor's forms, made from the schemas", () => {
  const files = editorFiles();

  it("offers every file an editor writes, and none the check job writes", () => {
    expect(files.map((f) => f.file).sort()).toEqual(
      [...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...OPTIONAL_FILES].map((f) => f.path).sort(),
    );
  });

  it.each([...CONTENT_FILES, ...OPTIONAL_LIST_FILES, ...OPTIONAL_FILES].map((f) => [f.path, f.schema] as const))(
    "every field of %s's schema has a form field",
    (file, schema) => {
      const form = files.find((f) => f.file === file)!;
      const paths = fieldPaths(form.fields);
      const missing = [...schemaPaths(schema as Node, "", new Set())].filter((wanted) => {
        if (paths.has(wanted)) return false;
        // inside a field that holds a whole value (a JSON value, a pair of numbers)
        return ![...paths].some(
          ([at, f]) =>
            (f.widget === CHECKED_WIDGETS.json || f.widget === CHECKED_WIDGETS.tuple) &&
            (wanted.startsWith(`${at}.`) || wanted.startsWith(`${at}[]`)),
        );
      });
      expect(missing).toEqual([]);
    },
  );

  it("says what each field is: the schema's description as its hint, its choices, its bounds, what is required", () => {
    const servers = fieldPaths(files.find((f) => f.file === "content/servers.json")!.fields);
    expect(servers.get("[].ip")).toMatchObject({
      label: "IP address",
      widget: CHECKED_WIDGETS.string,
      required: true,
      hint: expect.stringContaining("IPv4"),
    });
    expect(servers.get("[].coordinates")).toMatchObject({ widget: CHECKED_WIDGETS.tuple, item_labels: ["Longitude", "Latitude"] });
    expect(servers.get("[].responseTime")).toMatchObject({
      widget: CHECKED_WIDGETS.number,
      required: false,
      null_when_empty: true,
      min: 0,
    });
    expect(servers.get("[].check.method")).toMatchObject({
      widget: CHECKED_WIDGETS.select,
      options: ["GET", "HEAD", "POST"],
      required: false,
    });
    // inside an optional object nothing is required by the form: a server without a check has no dns name to give
    expect(servers.get("[].check.dns.name")).toMatchObject({ required: false });
    expect(servers.get("[].check.headers")).toMatchObject({ widget: CHECKED_WIDGETS.json });
    expect(servers.get("[].lastChecked")).toMatchObject({ widget: CHECKED_WIDGETS.datetime });
    const incidents = fieldPaths(files.find((f) => f.file === "content/incidents.json")!.fields);
    expect(incidents.get("[].updates")).toMatchObject({ widget: CHECKED_WIDGETS.list, label_singular: "update" });
    expect(incidents.get("[].updates[].status")).toMatchObject({ widget: CHECKED_WIDGETS.select, required: true });
    // servers are picked from servers.json, by id, or by name where the file names them so
    // an item of a list of texts is at the list's place with its index, as the validation names it (routes[0].channels[1])
    const notifications = fieldPaths(files.find((f) => f.file === "content/notifications.json")!.fields);
    expect(notifications.get("routes[].channels")?.field).toMatchObject({ content_path: "routes[].channels[]" });
    expect(incidents.get("[].affected")).toMatchObject({
      widget: CHECKED_WIDGETS.relation,
      multiple: true,
      file: "servers",
      value_field: "items.*.id",
    });
    const alerts = fieldPaths(files.find((f) => f.file === "content/alerts.json")!.fields);
    expect(alerts.get("[].server")).toMatchObject({ widget: CHECKED_WIDGETS.relation, multiple: false, value_field: "items.*.name" });
    const routes = fieldPaths(files.find((f) => f.file === "content/notifications.json")!.fields);
    expect(routes.get("routes[].servers")).toMatchObject({ widget: CHECKED_WIDGETS.relation, multiple: true, value_field: "items.*.id" });
  });

  it("names fields in words", () => {
    expect(fieldLabel("responseTime")).toBe("Response time");
    expect(fieldLabel("warnAboveMs")).toBe("Warn above (ms)");
    expect(fieldLabel("httpPort")).toBe("HTTP port");
  });

  it("commits to the local repository by default, to GitHub (with pull requests) when the build names one", () => {
    expect(editorBackend({})).toEqual({ name: "local" });
    const local = editorConfig(editorBackend({}), "http://localhost:9000");
    expect(local.backend).toMatchObject({ name: "proxy", proxy_url: "http://localhost:8081/api/v1" });
    expect(local.publish_mode).toBeUndefined();
    const github = editorConfig(
      editorBackend({ CMS_GITHUB_REPO: "acme/status", CMS_AUTH_URL: "https://auth.example.org" }),
      "https://status.example.org",
    );
    expect(github.backend).toMatchObject({ name: "github", repo: "acme/status", branch: "main", base_url: "https://auth.example.org" });
    expect(github.publish_mode).toBe("editorial_workflow");
    expect(() => editorBackend({ CMS_GITHUB_REPO: "not a repo" })).toThrow(/owner\/name/);
    const netlify = editorConfig(
      editorBackend({ CMS_GITHUB_REPO: "acme/status", CMS_AUTH_SITE: "acme-status.netlify.app" }),
      "https://status.example.org",
    );
    expect(netlify.backend).toMatchObject({ site_domain: "acme-status.netlify.app" });
    expect(netlify.backend).not.toHaveProperty("base_url");
  });

  it("never asks for a secret: notification channels take the names of variables", () => {
    const notifications = fieldPaths(files.find((f) => f.file === "content/notifications.json")!.fields);
    const secretish = [...notifications.keys()].filter((p) => /(token|password|secret|webhook)$/i.test(p) && !/env|variable/i.test(p));
    expect(secretish).toEqual([]);
  });
});
