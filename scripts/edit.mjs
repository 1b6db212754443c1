/**
 * npm run edit: the web editor on this machine. Builds the site, serves it on
 * 127.0.0.1:9000 and starts decap-server (Decap CMS's local backend) over this
 * repository's working tree, behind a guard on 127.0.0.1:8081 where the
 * editor expects it (scripts/editorGuard.mjs: requests from the site's own
 * page, to this address, for files under content/ and static/ only): what an
 * editor saves at http://localhost:9000/admin/ lands in content/, as a change
 * git shows, to review and commit like any other (the editor commits nothing
 * itself).
 *
 * --no-build serves the last build. Stop with Ctrl+C.
 */
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { startEditorGuard } from "./editorGuard.mjs";

const require = createRequire(import.meta.url);
const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", GATSBY_FEEDBACK_DISABLED: "1" };

if (!process.argv.includes("--no-build")) {
  // the local editor, whatever the environment names for the team's (CMS_GITHUB_REPO)
  const build = spawnSync("npm", ["run", "build"], { cwd: project, env: { ...env, CMS_GITHUB_REPO: "" }, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A port free on 127.0.0.1 now, for decap-server (only the guard talks to it). */
const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const SITE_PORT = 9000;
const decapPort = await freePort();
await startEditorGuard({
  port: 8081,
  upstreamPort: decapPort,
  siteOrigins: [`http://localhost:${SITE_PORT}`, `http://127.0.0.1:${SITE_PORT}`],
});

const children = [
  // MODE=fs: files are written to the working tree, never committed by the editor
  spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    cwd: project,
    // decap-server writes any file of the repository for whoever reaches it: on loopback, on a port only the guard uses
    env: { ...env, PORT: String(decapPort), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: project },
    stdio: "inherit",
  }),
  spawn(path.join(project, "node_modules", ".bin", "gatsby"), ["serve", "-H", "127.0.0.1", "-p", String(SITE_PORT)], {
    cwd: project,
    env,
    stdio: "inherit",
  }),
];

console.log(
  "\nThe editor: http://localhost:9000/admin/ (the site: http://localhost:9000/). Saved files land in content/; review them with git diff.\n",
);

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    if (code !== 0 && code !== null) {
      console.error(`${child.spawnargs.join(" ")} stopped (${code}).`);
      stop();
    }
  });
}
