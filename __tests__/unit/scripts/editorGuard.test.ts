/** @jest-environment node */
/**
 * The local editor is local (#44): what the guard in front of decap-server
 * lets through (scripts/editorGuard.mjs), decided on its own and then with the
 * real decap-server, started by the guard as npm run edit starts it, over a
 * folder that holds a .git and a .env.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  BODY_LIMIT,
  hostAllowed,
  originAllowed,
  pathProblem,
  requestProblem,
  startGuardedDecapServer,
} from "../../../scripts/editorGuard.mjs";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const DECAP_SERVER = path.join(ROOT, "node_modules", "decap-server", "dist", "index.js");
const SITE = "http://localhost:9000";
const SITE_ORIGINS = [SITE, "http://127.0.0.1:9000"];
const SECRET = "secret-token-4242";
jest.setTimeout(60_000);

describe("the guard's decisions", () => {
  it.each(["localhost:8081", "127.0.0.1:8081", "LOCALHOST:8081"])("Host %s is the guard's own", (host) => {
    expect(hostAllowed(host, 8081)).toBe(true);
  });

  it.each([
    undefined,
    "",
    "evil.example:8081",
    "evil.example",
    "localhost:8082",
    "localhost",
    "[::1]:8081",
    "127.0.0.1.nip.io:8081",
    "localhost:8081.evil.example",
    "localhost.:8081",
  ])("Host %s is not (a page of another site, its name rebound to 127.0.0.1, sends its own)", (host) => {
    expect(hostAllowed(host, 8081)).toBe(false);
  });

  it("the port is the guard's, whatever it is", () => {
    expect(hostAllowed("localhost:43210", 43210)).toBe(true);
    expect(hostAllowed("localhost:8081", 43210)).toBe(false);
  });

  it.each([undefined, ...SITE_ORIGINS])("Origin %s is the site's own or absent", (origin) => {
    expect(originAllowed(origin, SITE_ORIGINS)).toBe(true);
  });

  it.each([
    "http://evil.example",
    "http://localhost:9000.evil.example",
    "https://localhost:9000",
    "http://localhost:9001",
    "http://localhost:9000/",
    "null",
    "",
  ])("Origin %s is not", (origin) => {
    expect(originAllowed(origin, SITE_ORIGINS)).toBe(false);
  });

  it.each(["content/servers.json", "static/uploads/a.png", "./content/x.json", "content//x.json", "content/checks/a/b.json"])(
    "%s is a file in content/ or static/",
    (given) => {
      expect(pathProblem(given)).toBeNull();
    },
  );

  it("decap-server decodes nothing, so content/%2e%2e/x is a folder named %2e%2e in content/ (shown below with the real one)", () => {
    expect(pathProblem("content/%2e%2e/x")).toBeNull();
    expect(pathProblem("content/%2e%2e/x")).toBe(pathProblem("content/a/x"));
  });

  it("a folder may be content/ or static/ itself; a file may not", () => {
    expect(pathProblem("content", "folder")).toBeNull();
    expect(pathProblem("static/", "folder")).toBeNull();
    expect(pathProblem("static/uploads", "folder")).toBeNull();
    expect(pathProblem("static", "file")).toContain("itself, not a file in it");
    expect(pathProblem(".", "folder")).toContain("outside content/ and static/");
    expect(pathProblem("content/..", "folder")).toContain("climbs out");
  });

  it.each([
    ["content/../.git/hooks/pre-commit", "climbs out"],
    ["content/checks/../servers.json", "climbs out"],
    ["content/./../.env", "climbs out"],
    ["static/../.env", "climbs out"],
    [".git/hooks/pre-commit", "hidden"],
    ["content/.git/config", "hidden"],
    [".GIT/config", "hidden"],
    ["content/.GIT/hooks/x", "hidden"],
    ["static/.gitmodules", "hidden"],
    [".env", "hidden"],
    ["static/.env.local", "hidden"],
    ["/etc/passwd", "absolute"],
    ["/work/main/content/x.json", "absolute"],
    ["C:/Windows/win.ini", "absolute"],
    ["content\\..\\.env", "backslash"],
    ["content/x.json\0.png", "NUL"],
    ["package.json", "outside content/ and static/"],
    ["Content/x.json", "outside content/ and static/"],
    ["src/pages/index.tsx", "outside content/ and static/"],
    ["file:///etc/passwd", "outside content/ and static/"],
    ["", "not a path"],
    [42, "not a path"],
    [["content/x.json"], "not a path"],
    [undefined, "not a path"],
  ])("%p is refused: %s", (given, why) => {
    expect(pathProblem(given)).toContain(why);
  });

  // Each place decap-server 3.11 reads a path from (its schema and fs middleware), with a path into .git: refused, and named.
  it.each([
    ["entriesByFolder", { folder: ".git", extension: "json", depth: 1 }, "params.folder"],
    ["entriesByFiles", { files: [{ path: "content/a.json" }, { path: ".env" }] }, "params.files[1].path"],
    ["getEntry", { path: ".git/config" }, "params.path"],
    ["persistEntry", { entry: { path: ".git/hooks/pre-commit", raw: "" }, assets: [] }, "params.entry.path"],
    ["persistEntry", { entry: { path: "content/a.json", newPath: ".git/hooks/pre-commit", raw: "" }, assets: [] }, "params.entry.newPath"],
    ["persistEntry", { dataFiles: [{ path: "content/a.json" }, { path: ".git/hooks/x" }], assets: [] }, "params.dataFiles[1].path"],
    ["persistEntry", { dataFiles: [{ path: "content/a.json", newPath: ".git/x" }], assets: [] }, "params.dataFiles[0].newPath"],
    ["persistEntry", { dataFiles: [{ path: "content/a.json" }], assets: [{ path: ".git/hooks/x" }] }, "params.assets[0].path"],
    ["getMedia", { mediaFolder: ".git/hooks" }, "params.mediaFolder"],
    ["getMediaFile", { path: ".env" }, "params.path"],
    ["persistMedia", { asset: { path: ".git/hooks/post-merge", content: "", encoding: "base64" } }, "params.asset.path"],
    ["deleteFile", { path: ".git/index" }, "params.path"],
    ["deleteFiles", { paths: ["content/a.json", ".git/HEAD"] }, "params.paths[1]"],
  ])("%s: a path at %j is held (%s)", (action, params, where) => {
    const problem = requestProblem({ action, params: { branch: "main", ...params } });
    expect(problem).toContain(where);
    expect(problem).toMatch(/"\.(git|env)/);
  });

  it("the editor's own requests pass, whatever else their params hold", () => {
    const persist = {
      action: "persistEntry",
      params: {
        branch: "main",
        // raw is the file's text, not a path
        dataFiles: [{ slug: "x", path: "content/servers.json", raw: '{"path": ".git/x"}' }],
        assets: [{ path: "static/uploads/a.png", content: "", encoding: "base64" }],
        options: { commitMessage: "edit", useWorkflow: false, status: "draft" },
        cmsLabelPrefix: "",
      },
    };
    expect(requestProblem(persist)).toBeNull();
    expect(requestProblem({ action: "info" })).toBeNull();
    expect(
      requestProblem({ branch: "main", action: "entriesByFiles", params: { files: [{ path: "content/servers.json", label: "Servers" }] } }),
    ).toBeNull();
    expect(requestProblem({ action: "getMedia", params: { branch: "main", mediaFolder: "static/uploads" } })).toBeNull();
    expect(
      requestProblem({ action: "deleteFiles", params: { paths: ["static/uploads/a.png"], options: { commitMessage: "x" } } }),
    ).toBeNull();
  });

  it.each(["unpublishedEntries", "publishUnpublishedEntry", "constructor", "__proto__", "toString", undefined])(
    "the action %p is refused: not one the editor uses",
    (action) => {
      expect(requestProblem({ action, params: { branch: "main" } })).toContain("not one the editor uses");
    },
  );

  it("params decap-server would read otherwise than the guard are refused", () => {
    expect(requestProblem([])).toContain("not a JSON object");
    expect(requestProblem(null)).toContain("not a JSON object");
    expect(requestProblem({ action: "getEntry", params: [] })).toContain("params is not an object");
    expect(requestProblem({ action: "deleteFiles", params: { paths: "content/a.json" } })).toContain("params.paths is not a list");
    expect(requestProblem({ action: "persistEntry", params: { dataFiles: [{ path: "content/a.json" }] } })).toContain(
      "assets is not a list",
    );
    expect(requestProblem({ action: "persistEntry", params: { assets: [] } })).toContain("neither entry nor dataFiles");
    expect(requestProblem({ action: "getEntry", params: {} })).toContain("not a path");
  });
});

describe("with the real decap-server, started by the guard", () => {
  let repo: string;
  let backend: Awaited<ReturnType<typeof startGuardedDecapServer>>;
  /** Every answer the guard gave in these tests: the secret must be in none. */
  const answers: string[] = [];

  beforeAll(async () => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "editor-guard-"));
    fs.mkdirSync(path.join(repo, "content"));
    fs.mkdirSync(path.join(repo, ".git", "hooks"), { recursive: true });
    fs.writeFileSync(path.join(repo, ".git", "HEAD"), "ref: refs/heads/main\n");
    fs.writeFileSync(path.join(repo, "content", "notes.json"), "[]\n");
    fs.writeFileSync(path.join(repo, ".env"), `NOTIFY_SLACK_URL=https://hooks.slack.example/${SECRET}\n`);
    backend = await startGuardedDecapServer({ port: 0, repo, siteOrigins: [SITE], decapServer: DECAP_SERVER, stdio: "ignore" });
  });

  afterAll(async () => {
    await backend?.stop();
    fs.rmSync(repo, { recursive: true, force: true });
  });

  type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

  /** A request to `port` (the guard's unless told), as the editor's page sends it unless headers say otherwise. */
  function send(
    body: unknown,
    {
      headers = {},
      method = "POST",
      url = "/api/v1",
      port = backend.port,
    }: { headers?: Record<string, string>; method?: string; url?: string; port?: number } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: url,
          method,
          // a connection of its own: a kept-alive one would outlive stop() in the client's pool
          agent: false,
          headers: { "content-type": "application/json; charset=utf-8", host: `localhost:${port}`, origin: SITE, ...headers },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            if (port === backend.port) answers.push(text);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
          });
        },
      );
      request.on("error", reject);
      request.end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
    });
  }

  const persist = (file: string, raw: string, extra: Record<string, unknown> = {}) => ({
    action: "persistEntry",
    params: {
      branch: "main",
      dataFiles: [{ slug: "x", path: file, raw, ...extra }],
      assets: [],
      options: { commitMessage: "edit", useWorkflow: false, status: "draft" },
    },
  });

  it("on its own port, decap-server would hand out .env: what the guard is for", async () => {
    const direct = await send({ action: "getEntry", params: { branch: "main", path: ".env" } }, { port: backend.decapPort });
    expect(direct.status).toBe(200);
    expect(direct.text).toContain(SECRET);
  });

  it("a save under content/ lands on disk, and decap-server's answer comes back as it is", async () => {
    const saved = await send(persist("content/notes.json", '["saved"]\n'));
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.text)).toEqual({ message: "entry persisted" });
    expect(saved.headers["access-control-allow-origin"]).toBe(SITE);
    expect(fs.readFileSync(path.join(repo, "content", "notes.json"), "utf8")).toBe('["saved"]\n');
    const read = await send({ action: "getEntry", params: { branch: "main", path: "content/notes.json" } });
    expect(JSON.parse(read.text)).toMatchObject({ data: '["saved"]\n', file: { path: "content/notes.json" } });
  });

  it("content/%2e%2e/x.json is a folder named %2e%2e in content/: decap-server decodes nothing", async () => {
    expect((await send(persist("content/%2e%2e/x.json", "{}\n"))).status).toBe(200);
    expect(fs.readFileSync(path.join(repo, "content", "%2e%2e", "x.json"), "utf8")).toBe("{}\n");
    expect(fs.existsSync(path.join(repo, "x.json"))).toBe(false);
  });

  it("nothing is written into .git, however it is spelt or wherever in the request it sits", async () => {
    const attempts = [
      persist(".git/hooks/pre-commit", "#!/bin/sh\necho owned\n"),
      persist("content/../.git/hooks/pre-commit", "#!/bin/sh\necho owned\n"),
      persist("content/notes.json", "[]\n", { newPath: ".git/hooks/pre-commit" }),
      persist(".GIT/hooks/pre-commit", "#!/bin/sh\n"),
      {
        action: "persistMedia",
        params: {
          branch: "main",
          asset: { path: ".git/hooks/post-merge", content: "IyEvYmluL3NoCg==", encoding: "base64" },
          options: { commitMessage: "x" },
        },
      },
    ];
    for (const attempt of attempts) {
      const answer = await send(attempt);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text).error).toMatch(/"(content\/\.\.\/)?\.(git|GIT)\/hooks\/(pre-commit|post-merge)"/);
    }
    expect(fs.readdirSync(path.join(repo, ".git", "hooks"))).toEqual([]);
    expect(fs.existsSync(path.join(repo, ".GIT"))).toBe(false);
    expect(fs.readFileSync(path.join(repo, "content", "notes.json"), "utf8")).toBe('["saved"]\n');
  });

  it(".env is never read, whatever the spelling or the action", async () => {
    const attempts = [
      { action: "getEntry", params: { branch: "main", path: ".env" } },
      { action: "getEntry", params: { branch: "main", path: "content/../.env" } },
      { action: "getEntry", params: { branch: "main", path: "static/../.env" } },
      { action: "getMediaFile", params: { branch: "main", path: ".env" } },
      { action: "entriesByFiles", params: { branch: "main", files: [{ path: ".env" }] } },
      { action: "entriesByFolder", params: { branch: "main", folder: ".", extension: "env", depth: 1 } },
      { action: "entriesByFolder", params: { branch: "main", folder: "content/..", extension: "", depth: 2 } },
      { action: "getMedia", params: { branch: "main", mediaFolder: "." } },
    ];
    for (const attempt of attempts) expect((await send(attempt)).status).toBe(403);
    // A file named like a root, moved with its whole folder (hasSubfolders), would carry .env and .git into content/.
    const moved = await send(persist("static", "x", { newPath: "content/moved/x" }));
    expect(moved.status).toBe(403);
    expect(fs.existsSync(path.join(repo, ".env"))).toBe(true);
    expect(fs.existsSync(path.join(repo, "static"))).toBe(false);
  });

  it("a request whose Host or Origin is another site's is refused before decap-server sees it", async () => {
    const rebound = await send(persist("content/notes.json", '["rebound"]\n'), { headers: { host: `evil.example:${backend.port}` } });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).error).toContain("is not this editor's address");
    for (const origin of ["http://evil.example", "http://localhost:9000.evil.example"]) {
      const foreign = await send(persist("content/notes.json", '["foreign"]\n'), { headers: { origin } });
      expect(foreign.status).toBe(403);
      expect(JSON.parse(foreign.text).error).toContain("is not the site's");
      expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    }
    expect(fs.readFileSync(path.join(repo, "content", "notes.json"), "utf8")).toBe('["saved"]\n');
  });

  it("a preflight is answered for the site's origin only", async () => {
    const preflight = { "access-control-request-method": "POST", "access-control-request-headers": "content-type" };
    const site = await send(undefined, { method: "OPTIONS", headers: preflight });
    expect(site.status).toBe(204);
    expect(site.headers["access-control-allow-origin"]).toBe(SITE);
    expect(site.headers["access-control-allow-headers"]).toMatch(/content-type/i);
    const evil = await send(undefined, { method: "OPTIONS", headers: { ...preflight, origin: "http://evil.example" } });
    expect(evil.status).toBe(403);
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("anything but a JSON POST to /api/v1 is refused in words", async () => {
    const replies = {
      get: await send(undefined, { method: "GET" }),
      elsewhere: await send({ action: "info" }, { url: "/api/v1/../v1" }),
      root: await send({ action: "info" }, { url: "/" }),
      form: await send("action=info", { headers: { "content-type": "application/x-www-form-urlencoded" } }),
      notJson: await send("{", {}),
      unknown: await send({ action: "publishUnpublishedEntry", params: { branch: "main", collection: "c", slug: "s" } }),
    };
    expect(replies.get.status).toBe(405);
    expect(replies.get.headers.allow).toBe("POST");
    expect(replies.elsewhere.status).toBe(404);
    expect(replies.root.status).toBe(404);
    expect(replies.form.status).toBe(415);
    expect(replies.notJson.status).toBe(400);
    expect(replies.unknown.status).toBe(403);
    for (const answer of Object.values(replies)) expect(typeof JSON.parse(answer.text).error).toBe("string");
  });

  it(`a body over ${BODY_LIMIT / 1024 / 1024} MB is refused with 413, said or streamed`, async () => {
    // A length said over the limit is refused at once: the guard does not wait for a body it would not take.
    /** A raw POST to the guard with these headers; `write` sends its body; resolves with the status. */
    const rawPost = (headers: Record<string, string>, write: (request: http.ClientRequest) => void) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port: backend.port,
            path: "/api/v1",
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", host: `localhost:${backend.port}`, ...headers },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
            request.destroy();
          },
        );
        request.on("error", reject);
        write(request);
      });
    const said = await rawPost({ "content-length": String(BODY_LIMIT + 1) }, (request) => request.flushHeaders());
    expect(said).toBe(413);
    // Without a length, counted as it comes.
    const streamed = await rawPost({ "transfer-encoding": "chunked" }, (request) => {
      const chunk = Buffer.alloc(1024 * 1024, "x");
      request.write('{"action":"info","padding":"');
      let sent = 0;
      const more = () => {
        while (sent < 11) {
          sent += 1;
          if (!request.write(chunk)) return void request.once("drain", more);
        }
        request.end('"}');
      };
      more();
    });
    expect(streamed).toBe(413);
    // The guard still answers afterwards.
    expect((await send({ action: "info" })).status).toBe(200);
  });

  it("no answer of the guard held the secret of .env", () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const text of answers) expect(text).not.toContain(SECRET);
  });

  it("stop() ends decap-server and the guard", async () => {
    const { decap, port, decapPort } = backend;
    await backend.stop();
    expect(decap.exitCode !== null || decap.signalCode !== null).toBe(true);
    expect(() => process.kill(decap.pid as number, 0)).toThrow();
    await expect(send({ action: "info" }, { port })).rejects.toThrow(/ECONNREFUSED/);
    await expect(send({ action: "info" }, { port: decapPort })).rejects.toThrow(/ECONNREFUSED/);
  });
});
