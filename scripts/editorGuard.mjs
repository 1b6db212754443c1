/**
 * The local editor is local (#44): a guard in front of decap-server, Decap
 * CMS's local backend, which reads and writes any file of the repository for
 * whoever reaches it (.git/hooks/ and .env included; it only refuses paths out
 * of the tree). npm run edit (scripts/edit.mjs) calls startGuardedDecapServer:
 * decap-server on a loopback port of its own, chosen free, and this guard where
 * the editor expects it (127.0.0.1:8081). The guard forwards a request only when
 *   - its Host is the guard's own loopback address (a page of another site,
 *     its name rebound to 127.0.0.1, sends its own name: refused);
 *   - it has no Origin, or the site's own (the editor's page at
 *     http://localhost:9000); a CORS preflight is answered for that origin only;
 *   - it is a POST to /api/v1 with a JSON body (at most 10 MB) whose action is
 *     one the editor uses, and every path decap-server would read from its
 *     params (PATHS_OF, after decap-server 3.11's own schema) names a file in
 *     content/ or static/ (a folder may be one of the two): never a hidden file
 *     or folder (.git/, .env), never "..", an absolute path or a backslash.
 * Everything else gets 403 (or 400, 404, 405, 413, 415) with its reason in words, and
 * decap-server never sees it; what decap-server answers is passed on as it is.
 * The decisions are pure functions, tested without sockets, and the whole
 * with the real decap-server (__tests__/unit/scripts/editorGuard.test.ts).
 *
 * The guard judges names, not the disk: a symbolic link already inside
 * content/ or static/ would be followed by decap-server.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";

/** The folders the editor writes and reads: the content, and the files the site publishes as they are (media, reports). */
const ALLOWED_ROOTS = ["content", "static"];

/** The most a request body may hold: the largest content file with room to spare. */
export const BODY_LIMIT = 10 * 1024 * 1024;

/** Params decap-server would not read as the guard does (a list that is none), with the reason in words. */
class Refusal extends Error {}

/** The items of a list in params, each with where it sits; what is not a list is refused (decap-server would map over it). */
function itemsOf(value, at) {
  if (!Array.isArray(value)) throw new Refusal(`params.${at} is not a list`);
  return value.map((item, index) => ({ item: item ?? {}, at: `${at}[${index}]` }));
}

/** An entry's file (persistEntry): its path, and the one it moves to when it has one. */
function entryPaths(entry, at) {
  const paths = [{ given: entry.path, at: `${at}.path`, kind: "file" }];
  if (entry.newPath !== undefined) paths.push({ given: entry.newPath, at: `${at}.newPath`, kind: "file" });
  return paths;
}

/**
 * decap-server's actions the editor uses (its fs mode has no editorial workflow),
 * each with the paths it reads from its params: a "file" is something in
 * content/ or static/, a "folder" may be one of them. Any other action is refused.
 */
const PATHS_OF = {
  info: () => [],
  getDeployPreview: () => [],
  entriesByFolder: (params) => [{ given: params.folder, at: "folder", kind: "folder" }],
  entriesByFiles: (params) => itemsOf(params.files, "files").map(({ item, at }) => ({ given: item.path, at: `${at}.path`, kind: "file" })),
  getEntry: (params) => [{ given: params.path, at: "path", kind: "file" }],
  // decap-server writes params.dataFiles, or [params.entry] without them; both are held.
  persistEntry: (params) => {
    if (params.entry === undefined && params.dataFiles === undefined) throw new Refusal("params has neither entry nor dataFiles");
    return [
      ...(params.entry === undefined ? [] : entryPaths(params.entry ?? {}, "entry")),
      ...(params.dataFiles === undefined ? [] : itemsOf(params.dataFiles, "dataFiles").flatMap(({ item, at }) => entryPaths(item, at))),
      ...itemsOf(params.assets, "assets").map(({ item, at }) => ({ given: item.path, at: `${at}.path`, kind: "file" })),
    ];
  },
  getMedia: (params) => [{ given: params.mediaFolder, at: "mediaFolder", kind: "folder" }],
  getMediaFile: (params) => [{ given: params.path, at: "path", kind: "file" }],
  persistMedia: (params) => [{ given: (params.asset ?? {}).path, at: "asset.path", kind: "file" }],
  deleteFile: (params) => [{ given: params.path, at: "path", kind: "file" }],
  deleteFiles: (params) => itemsOf(params.paths, "paths").map(({ item, at }) => ({ given: item, at, kind: "file" })),
};

/** Whether a Host header names the guard itself on loopback (localhost or 127.0.0.1, at its port). */
export function hostAllowed(host, port) {
  if (typeof host !== "string") return false;
  return [`localhost:${port}`, `127.0.0.1:${port}`].includes(host.toLowerCase());
}

/** Whether an Origin header (absent: a request that is not a page's) is one of the site's own. */
export function originAllowed(origin, siteOrigins) {
  return origin === undefined || siteOrigins.includes(origin);
}

/**
 * Why a path may not be touched, or null. It must stay under content/ or
 * static/ with no hidden part; a "file" must be in one of them (decap-server
 * moves a renamed file's whole folder: a file named "static" would carry the
 * tree, .git and .env with it), a "folder" may be one of them. decap-server
 * decodes nothing: "%2e%2e" is a folder's name.
 */
export function pathProblem(given, kind = "file") {
  const named = (JSON.stringify(given) ?? String(given)).slice(0, 200);
  if (typeof given !== "string" || given === "") return `${named} is not a path`;
  if (given.includes("\\") || given.includes("\0")) return `${named} holds a backslash or a NUL`;
  if (path.posix.isAbsolute(given) || /^[A-Za-z]:/.test(given)) return `${named} is absolute`;
  const parts = given.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.includes("..")) return `${named} climbs out with ".."`;
  if (parts.some((part) => part.startsWith("."))) return `${named} names a hidden file or folder (.git, .env …)`;
  if (!ALLOWED_ROOTS.includes(parts[0] ?? "")) return `${named} is outside content/ and static/`;
  if (kind === "file" && parts.length < 2) return `${named} is content/ or static/ itself, not a file in it`;
  return null;
}

/** Why a request body may not reach decap-server, or null. */
export function requestProblem(body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "the body is not a JSON object";
  const pathsOf = Object.hasOwn(PATHS_OF, body.action) ? PATHS_OF[body.action] : undefined;
  if (pathsOf === undefined) return `the action ${JSON.stringify(body.action) ?? "(none)"} is not one the editor uses`;
  const params = body.params ?? {};
  if (typeof params !== "object" || Array.isArray(params)) return "params is not an object";
  try {
    for (const { given, at, kind } of pathsOf(params)) {
      const problem = pathProblem(given, kind);
      if (problem !== null) return `params.${at}: ${problem}`;
    }
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
  return null;
}

/** Whether a Content-Type header says JSON (Decap CMS sends "application/json; charset=utf-8"). */
function isJson(contentType) {
  const [type, ...parameters] = (contentType ?? "").toLowerCase().split(";");
  const charset = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("charset="));
  return type.trim() === "application/json" && (charset === undefined || charset.replace(/"/g, "") === "charset=utf-8");
}

const refuse = (response, status, reason, headers = {}) => {
  if (response.headersSent) return response.destroy();
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify({ error: reason }));
};

/**
 * The guard: listens on 127.0.0.1:`port` (0: a free port) and forwards what it
 * allows to decap-server on 127.0.0.1:`upstreamPort`. `siteOrigins` are the
 * editor page's origins. Resolves once listening, with the server.
 */
export function startEditorGuard({ port, upstreamPort, siteOrigins }) {
  const server = http.createServer((request, response) => {
    request.on("error", () => response.destroy());
    const origin = request.headers.origin;
    if (!hostAllowed(request.headers.host, server.address().port)) {
      return refuse(response, 403, `the Host ${JSON.stringify(request.headers.host ?? "")} is not this editor's address`);
    }
    if (!originAllowed(origin, siteOrigins)) return refuse(response, 403, `the Origin ${JSON.stringify(origin)} is not the site's`);
    const cors = origin === undefined ? {} : { "access-control-allow-origin": origin, vary: "Origin" };
    if (request.url !== "/api/v1") return refuse(response, 404, "only /api/v1 is here", cors);
    if (request.method === "OPTIONS" && origin !== undefined) {
      response.writeHead(204, { ...cors, "access-control-allow-methods": "POST", "access-control-allow-headers": "Content-Type" });
      return response.end();
    }
    if (request.method !== "POST") return refuse(response, 405, "only POST", { ...cors, allow: "POST" });
    if (!isJson(request.headers["content-type"])) return refuse(response, 415, "the body must be application/json (UTF-8)", cors);
    const tooLarge = () => {
      request.removeAllListeners("data");
      request.resume();
      refuse(response, 413, `the body is over ${BODY_LIMIT / 1024 / 1024} MB`, { ...cors, connection: "close" });
    };
    if (Number(request.headers["content-length"] ?? 0) > BODY_LIMIT) return tooLarge();
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > BODY_LIMIT) tooLarge();
      else chunks.push(chunk);
    });
    request.on("end", () => {
      if (response.headersSent || size > BODY_LIMIT) return;
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return refuse(response, 400, "the body is not JSON", cors);
      }
      const problem = requestProblem(body);
      if (problem !== null) return refuse(response, 403, problem, cors);
      // What was judged is what is sent: decap-server parses this text, not the one received.
      const judged = JSON.stringify(body);
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: upstreamPort,
          path: "/api/v1",
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(judged) },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, { "content-type": answer.headers["content-type"] ?? "application/json", ...cors });
          answer.pipe(response);
          answer.on("error", () => response.destroy());
        },
      );
      upstream.on("error", () => refuse(response, 502, "decap-server did not answer", cors));
      upstream.end(judged);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", (error) =>
      reject(
        new Error(
          error.code === "EADDRINUSE" ? `127.0.0.1:${port} is in use (is npm run edit already running?)` : `the guard: ${error.message}`,
        ),
      ),
    );
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/** A port free on 127.0.0.1 now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether decap-server in fs mode answers on 127.0.0.1:`port`. */
function answersInfo(port) {
  return new Promise((resolve) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: "/api/v1", method: "POST", headers: { "content-type": "application/json" }, timeout: 2000 },
      (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk) => (text += chunk));
        answer.on("end", () => {
          try {
            resolve(answer.statusCode === 200 && JSON.parse(text).type === "local_fs");
          } catch {
            resolve(false);
          }
        });
      },
    );
    request.on("error", () => resolve(false));
    request.on("timeout", () => request.destroy());
    request.end(JSON.stringify({ action: "info" }));
  });
}

/**
 * decap-server (`decapServer`: its dist/index.js; MODE=fs) over the working
 * tree `repo`, on a free loopback port only the guard uses, and the guard in
 * front of it on 127.0.0.1:`port` (0: a free port). Resolves once both answer,
 * with the guard's port, decap-server's process and stop(), which ends both.
 * (The caller names decap-server: Jest, which runs this module too, has no import.meta to find it.)
 */
export async function startGuardedDecapServer({ port, repo, siteOrigins, decapServer, stdio = "inherit", readyWithin = 30_000 }) {
  const decapPort = await freePort();
  const decap = spawn(process.execPath, [decapServer], {
    // decap-server loads a .env from where it runs: not the repository's, with its secrets.
    cwd: path.dirname(decapServer),
    env: { ...process.env, PORT: String(decapPort), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: path.resolve(repo) },
    stdio,
  });
  const exited = new Promise((resolve) => {
    decap.once("exit", (code, signal) => resolve({ code, signal }));
    decap.once("error", (error) => resolve({ code: error.message, signal: null }));
  });
  let guard;
  const stop = async () => {
    if (guard?.listening) {
      const closed = new Promise((resolve) => guard.close(resolve));
      guard.closeAllConnections();
      await closed;
    }
    if (decap.exitCode === null && decap.signalCode === null) decap.kill("SIGTERM");
    await exited;
  };
  try {
    const deadline = Date.now() + readyWithin;
    let stoppedEarly = null;
    void exited.then((how) => (stoppedEarly = how));
    while (!(await answersInfo(decapPort))) {
      if (stoppedEarly !== null) throw new Error(`decap-server stopped (${stoppedEarly.code ?? stoppedEarly.signal}) before answering`);
      if (Date.now() > deadline) throw new Error(`decap-server did not answer on 127.0.0.1:${decapPort} within ${readyWithin} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    guard = await startEditorGuard({ port, upstreamPort: decapPort, siteOrigins });
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: guard.address().port, decapPort, decap, stop };
}
