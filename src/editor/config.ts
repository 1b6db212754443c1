/**
 * The web editor's configuration (Decap CMS at /admin), made from the content's
 * JSON Schemas: every field an editor may write has a form field, with its
 * label, its hint (the schema's description), whether it is required, its
 * choices and its bounds. One source of truth: a field added to a schema
 * appears in the editor at the next build (__tests__/unit/editor/config.test.ts
 * fails when one has no form field).
 *
 * Pure: it reads the schemas; gatsby/files/editor.ts writes the result as
 * /admin/config.yml (JSON is YAML) and src/editor/cms.ts registers the widgets
 * it names. In three parts: the fields, by walking a schema (schemaFields.ts);
 * each file's form (fileForms.ts); and here, where the editor commits and
 * Decap's configuration.
 */
import { CONTENT_COLLECTION, editorFiles } from "./fileForms";

/** Where the editor commits: the local git repository (npm run edit) or GitHub. */
export type EditorBackend =
  | { name: "local" }
  | {
      name: "github";
      repo: string;
      branch: string;
      /** the OAuth client's address (an authenticator the team hosts); without it, GitHub's own with Netlify's */
      baseUrl?: string;
      authEndpoint?: string;
      /** Netlify's authenticator, for a site hosted elsewhere: the Netlify site that holds the OAuth App (name.netlify.app) */
      authSite?: string;
    };

/** The backend a build's environment names: CMS_GITHUB_REPO (owner/name) for GitHub, else the local repository through decap-server. */
export function editorBackend(env: Record<string, string | undefined>): EditorBackend {
  const repo = env.CMS_GITHUB_REPO?.trim();
  if (!repo) return { name: "local" };
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo))
    throw new Error(`CMS_GITHUB_REPO is "${repo}": write it as owner/name, e.g. acme/status.`);
  return {
    name: "github",
    repo,
    branch: env.CMS_BRANCH?.trim() || "main",
    ...(env.CMS_AUTH_URL?.trim() ? { baseUrl: env.CMS_AUTH_URL.trim() } : {}),
    ...(env.CMS_AUTH_ENDPOINT?.trim() ? { authEndpoint: env.CMS_AUTH_ENDPOINT.trim() } : {}),
    ...(env.CMS_AUTH_SITE?.trim() ? { authSite: env.CMS_AUTH_SITE.trim() } : {}),
  };
}

/** The local backend's address: decap-server, started by npm run edit. */
const LOCAL_BACKEND_URL = "http://localhost:8081/api/v1";

/** The name of the custom format src/editor/cms.ts registers: JSON files kept as they are on disk. */
export const CONTENT_FORMAT = "content-json";

/** Decap's configuration. */
export function editorConfig(backend: EditorBackend, siteUrl: string): Record<string, unknown> {
  const files = editorFiles();
  return {
    backend:
      backend.name === "github"
        ? {
            name: "github",
            repo: backend.repo,
            branch: backend.branch,
            ...(backend.baseUrl ? { base_url: backend.baseUrl } : {}),
            ...(backend.authEndpoint ? { auth_endpoint: backend.authEndpoint } : {}),
            ...(backend.authSite ? { site_domain: backend.authSite } : {}),
            commit_messages: { update: "Content: {{slug}} edited in the web editor by {{author-login}}" },
          }
        : { name: "proxy", proxy_url: LOCAL_BACKEND_URL, branch: "main" },
    ...(backend.name === "github" ? { publish_mode: "editorial_workflow" } : {}),
    load_config_file: false,
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: "static/uploads",
    public_folder: "/uploads",
    collections: [
      {
        name: CONTENT_COLLECTION,
        label: "Content",
        description: "The files the site is built from. Saving checks a file as the build does; the next build publishes it.",
        format: CONTENT_FORMAT,
        extension: "json",
        editor: { preview: true },
        files: files.map(({ shape: _shape, ...file }) => file),
      },
    ],
  };
}
