/** @jest-environment node */
/**
 * The local editor is local (#44): what the guard in front of decap-server
 * lets through (scripts/editorGuard.mjs), decided on its own and then with the
 * real decap-server over a folder that holds a .git and a .env.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { hostAllowed, originAllowed, pathProblem, requestProblem, startEditorGuard } from "../../../scripts/editorGuard.mjs";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const SITE = "http://localhost:9000";
jest.setTimeout(60_000);

describe("the guard's decisions", () => {
  it.each(["localhost:8081", "127.0.0.1:8081", "[::1]:8081", "LOCALHOST:8081"])("Host %s is the editor's own", (host) => {
    expect(hostAllowed(host, 8081)).toBe(true);
  });

  it.each([undefined, "evil.example:8081", "localhost:8082", "localhost", "127.0.0.1.nip.io:8081", "localhost:8081.evil.example"])(
    "Host %s is not (a page of another site, its name rebound to 127.0.0.1, sends its own)",
    (host) => {
      expect(hostAllowed(host, 8081)).toBe(false);
    },
  );

  it("an Origin is the site's own or absent", () => {
    const site = [SITE, "http://127.0.0.1:9000"];
    expect(originAllowed(undefined, site)).toBe(true);
    expect(originAllowed(SITE, site)).toBe(true);
    for (const other of [
      "http://evil.example",
      "http://localhost:9000.evil.example",
      "https://localhost:9000",
      "null",
      "http://localhost:9001",
    ]) {
      expect(originAllowed(other, site)).toBe(false);
    }
  });

  it.each(["content/servers.json", "static/uploads/a.png", "./content/x.json", "content//x.json", "content/%2e%2e/x"])(
    "%s stays in content/ or static/",
    (given) => {
      expect(pathProblem(given)).toBeNull();
    },
  );

  it.each([
    ["content/../.git/hooks/pre-commit", "climbs out"],
    ["content/checks/../servers.json", "climbs out"],
    [".git/hooks/pre-commit", "hidden"],
    ["content/.git/config", "hidden"],
    [".GIT/config", "hidden"],
    [".env", "hidden"],
    ["static/../.env", "climbs out"],
    ["static/.env.local", "hidden"],
    ["/etc/passwd", "absolute"],
    ["C:/Windows/win.ini", "absolute"],
    ["content\\..\\.env", "backslash"],
    ["package.json", "outside content/ and static/"],
    ["src/pages/index.tsx", "outside content/ and static/"],
    ["", "not a path"],
  ])("%s is refused: %s", (given, why) => {
    expect(pathProblem(given)).toContain(why);
  });

  it("every path in a request is held: an entry's data files, its assets, a folder, a list", () => {
    const persist = (dataPath: string, assetPath = "static/uploads/a.png") => ({
      action: "persistEntry",
      params: { branch: "main", dataFiles: [{ slug: "x", path: dataPath, raw: '{"path": ".git/x"}' }], assets: [{ path: assetPath }] },
    });
    expect(requestProblem(persist("content/servers.json"))).toBeNull();
    expect(requestProblem(persist(".git/hooks/post-checkout"))).toContain("hidden");
    expect(requestProblem(persist("content/servers.json", "../outside.png"))).toContain("climbs out");
    expect(requestProblem({ action: "deleteFiles", params: { paths: ["content/a.json", ".env"] } })).toContain("hidden");
    expect(requestProblem({ action: "entriesByFolder", params: { folder: "." } })).toContain("outside");
    expect(requestProblem({ action: "getMedia", params: { mediaFolder: "static/uploads" } })).toBeNull();
    expect(requestProblem({ action: "unpublishedEntries", params: {} })).toContain("not one the editor uses");
    expect(requestProblem([])).toContain("not a JSON object");
  });
});

describe("with the real decap-server", () => {
  let repo: string;
  let decap: ChildProcess;
  let guard: http.Server;
  let guardPort: number;

  beforeAll(async () => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "editor-guard-"));
    fs.mkdirSync(path.join(repo, "content"));
    fs.mkdirSync(path.join(repo, ".git", "hooks"), { recursive: true });
    fs.writeFileSync(path.join(repo, "content", "notes.json"), "[]\n");
    fs.writeFileSync(path.join(repo, ".env"), "NOTIFY_SLACK_URL=https://hooks.slack.example/secret-token-4242\n");
    const probe = http.createServer();
    const decapPort = await new Promise<number>((resolve) =>
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      }),
    );
    decap = spawn(process.execPath, [path.join(ROOT, "node_modules/decap-server/dist/index.js")], {
      env: { ...process.env, PORT: String(decapPort), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: repo, LOG_LEVEL: "error" },
      stdio: "ignore",
    });
    guard = await startEditorGuard({ port: 0, upstreamPort: decapPort, siteOrigins: [SITE] });
    guardPort = (guard.address() as net.AddressInfo).port;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await post({ action: "info" }).catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error("decap-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    decap.kill();
    await new Promise((resolve) => guard.close(resolve));
    fs.rmSync(repo, { recursive: true, force: true });
  });

  /** A POST to the guard as the editor's page sends it (or with the Host and Origin given). */
  function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: guardPort,
          path: "/api/v1",
          method: "POST",
          headers: { "content-type": "application/json", host: `localhost:${guardPort}`, origin: SITE, ...headers },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify(body));
    });
  }

  const persist = (file: string, raw: string) => ({
    action: "persistEntry",
    params: {
      branch: "main",
      dataFiles: [{ slug: "x", path: file, raw }],
      assets: [],
      options: { commitMessage: "edit", useWorkflow: false, status: "draft" },
    },
  });

  it("a save under content/ lands on disk; one into .git/hooks does not, and says why", async () => {
    expect((await post(persist("content/notes.json", '["saved"]\n'))).status).toBe(200);
    expect(fs.readFileSync(path.join(repo, "content", "notes.json"), "utf8")).toBe('["saved"]\n');
    const hook = await post(persist(".git/hooks/pre-commit", "#!/bin/sh\necho owned\n"));
    expect(hook.status).toBe(403);
    expect(hook.text).toContain("hidden file or folder");
    const climbed = await post(persist("content/../.git/hooks/post-merge", "#!/bin/sh\n"));
    expect(climbed.status).toBe(403);
    expect(fs.readdirSync(path.join(repo, ".git", "hooks"))).toEqual([]);
  });

  it(".env is never read, whatever the spelling; its secret is in no answer", async () => {
    for (const file of [".env", "content/../.env", "static/../.env"]) {
      const answer = await post({ action: "getEntry", params: { branch: "main", path: file } });
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain("secret-token-4242");
    }
    const folder = await post({ action: "entriesByFolder", params: { branch: "main", folder: ".", extension: "env", depth: 1 } });
    expect(folder.status).toBe(403);
    expect(folder.text).not.toContain("secret-token-4242");
  });

  it("a request whose Host or Origin is another site's is refused before decap-server sees it", async () => {
    const rebound = await post(persist("content/notes.json", '["rebound"]\n'), { host: `evil.example:${guardPort}` });
    expect(rebound.status).toBe(403);
    expect(rebound.text).toContain("is not this editor's address");
    const foreign = await post(persist("content/notes.json", '["foreign"]\n'), { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(fs.readFileSync(path.join(repo, "content", "notes.json"), "utf8")).toBe('["saved"]\n');
  });
});
