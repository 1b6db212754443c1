/**
 * The local editor is local (#44): a guard in front of decap-server, Decap
 * CMS's local backend, which writes any file of the repository for whoever
 * reaches it. npm run edit (scripts/edit.mjs) starts decap-server on a port
 * of its own and this guard where the editor expects it (127.0.0.1:8081); the
 * guard forwards a request only when
 *   - its Host is the guard's own loopback address (a page of another site,
 *     its name rebound to 127.0.0.1, sends its own name: refused);
 *   - it has no Origin, or the site's own (the editor's page at
 *     http://localhost:9000); a preflight is answered for that origin only;
 *   - it is a POST to /api/v1 with a JSON body (at most 10 MB) whose action is
 *     one the editor uses, and every path in it stays under content/ or
 *     static/: never a hidden file or folder (.git/, .env), never "..", an
 *     absolute path or a backslash.
 * Everything else gets 403, 404, 405 or 413 with its reason in words, and
 * decap-server never sees it. The decisions are pure functions, tested
 * without sockets (__tests__/unit/scripts/editorGuard.test.ts).
 */
import http from "node:http";
import path from "node:path";

/** The folders the editor writes and reads: the content, and the files the site publishes as they are (media, reports). */
const ALLOWED_ROOTS = ["content", "static"];

/** decap-server's actions the editor uses (its fs mode has no editorial workflow); any other is refused. */
const ACTIONS = new Set([
  "info",
  "entriesByFolder",
  "entriesByFiles",
  "getEntry",
  "persistEntry",
  "getMedia",
  "getMediaFile",
  "persistMedia",
  "deleteFile",
  "deleteFiles",
  "getDeployPreview",
]);

/** The keys under which decap-server's actions name a path (a file, a folder, a list of them). */
const PATH_KEYS = new Set(["path", "newPath", "folder", "mediaFolder", "paths"]);

/** The most a request body may hold: the largest content file with room to spare. */
export const BODY_LIMIT = 10 * 1024 * 1024;

/** Whether a Host header names the guard itself on loopback (localhost, 127.0.0.1 or [::1], at its port). */
export function hostAllowed(host, port) {
  if (typeof host !== "string") return false;
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

/** Whether an Origin header (absent: a request that is not a page's) is one of the site's own. */
export function originAllowed(origin, siteOrigins) {
  return origin === undefined || siteOrigins.includes(origin);
}

/** Why a path the editor sent may not be touched, or null: it must stay under content/ or static/, with no hidden part. */
export function pathProblem(given) {
  if (typeof given !== "string" || given === "") return `${JSON.stringify(given)} is not a path`;
  if (given.includes("\\") || given.includes("\0")) return `${JSON.stringify(given)} holds a backslash or a NUL`;
  if (path.posix.isAbsolute(given) || /^[A-Za-z]:/.test(given)) return `${JSON.stringify(given)} is absolute`;
  const parts = given.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.includes("..")) return `${JSON.stringify(given)} climbs out with ".."`;
  if (parts.some((part) => part.startsWith("."))) return `${JSON.stringify(given)} names a hidden file or folder (.git, .env …)`;
  if (!ALLOWED_ROOTS.includes(parts[0] ?? "")) return `${JSON.stringify(given)} is outside content/ and static/`;
  return null;
}

/** Every path a request's params name, wherever they are (an entry's, its data files', its assets'). */
function pathsIn(value, found = [], depth = 0) {
  if (depth > 8 || value === null || typeof value !== "object") return found;
  for (const [key, item] of Object.entries(value)) {
    if (PATH_KEYS.has(key)) {
      if (Array.isArray(item)) found.push(...item);
      else found.push(item);
    } else if (typeof item === "object") pathsIn(item, found, depth + 1);
  }
  return found;
}

/** Why a request body may not reach decap-server, or null. */
export function requestProblem(body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "the body is not a JSON object";
  if (!ACTIONS.has(body.action)) return `the action ${JSON.stringify(body.action)} is not one the editor uses`;
  for (const given of pathsIn(body.params ?? {})) {
    const problem = pathProblem(given);
    if (problem !== null) return problem;
  }
  return null;
}

const refuse = (response, status, reason, headers = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify({ error: reason }));
};

/**
 * The guard: listens on 127.0.0.1:`port` and forwards what it allows to
 * decap-server on 127.0.0.1:`upstreamPort`. `siteOrigins` are the editor
 * page's origins. Resolves once listening, with the server.
 */
export function startEditorGuard({ port, upstreamPort, siteOrigins }) {
  const server = http.createServer((request, response) => {
    const origin = request.headers.origin;
    if (!hostAllowed(request.headers.host, server.address().port)) {
      return refuse(response, 403, `the Host ${JSON.stringify(request.headers.host ?? "")} is not this editor's address`);
    }
    if (!originAllowed(origin, siteOrigins)) return refuse(response, 403, `the Origin ${JSON.stringify(origin)} is not the site's`);
    const cors = origin ? { "access-control-allow-origin": origin, vary: "Origin" } : {};
    if (request.url !== "/api/v1") return refuse(response, 404, "only /api/v1 is here", cors);
    if (request.method === "OPTIONS") {
      response.writeHead(204, { ...cors, "access-control-allow-methods": "POST", "access-control-allow-headers": "Content-Type" });
      return response.end();
    }
    if (request.method !== "POST") return refuse(response, 405, "only POST", { ...cors, allow: "POST" });
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        refuse(response, 413, `the body is over ${BODY_LIMIT / 1024 / 1024} MB`, cors);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => {
      if (response.headersSent) return;
      const text = Buffer.concat(chunks).toString("utf8");
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(response, 400, "the body is not JSON", cors);
      }
      const problem = requestProblem(body);
      if (problem !== null) return refuse(response, 403, problem, cors);
      const upstream = http.request(
        { host: "127.0.0.1", port: upstreamPort, path: "/api/v1", method: "POST", headers: { "content-type": "application/json" } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, { "content-type": answer.headers["content-type"] ?? "application/json", ...cors });
          answer.pipe(response);
        },
      );
      upstream.on("error", () => refuse(response, 502, "decap-server did not answer", cors));
      upstream.end(text);
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
