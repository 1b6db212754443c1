/**
 * npm run edit: the web editor on this machine. Builds the site, serves it on
 * 127.0.0.1:9000 and starts decap-server (Decap CMS's local backend, MODE=fs)
 * over this repository's working tree. decap-server reads and writes any file
 * of the tree for whoever reaches it, so it listens on a free loopback port of
 * its own and only the guard of scripts/editorGuard.mjs talks to it: the guard
 * listens on 127.0.0.1:8081, where the editor expects its backend, and forwards
 * only requests to that address, from the site's own page (no Origin, or
 * http://localhost:9000 or http://127.0.0.1:9000), whose every path names a
 * file in content/ or static/ (never .git/, .env, "..", an absolute path or a
 * backslash). What an editor saves at http://localhost:9000/admin/ lands in
 * content/, as a change git shows, to review and commit like any other (the
 * editor commits nothing itself).
 *
 * --no-build serves the last build. Stop with Ctrl+C: it stops the site,
 * the guard and decap-server.
 */
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGuardedDecapServer } from "./editorGuard.mjs";

const require = createRequire(import.meta.url);
const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", GATSBY_FEEDBACK_DISABLED: "1" };
const SITE_PORT = 9000;
const GUARD_PORT = 8081;

if (!process.argv.includes("--no-build")) {
  // the local editor, whatever the environment names for the team's (CMS_GITHUB_REPO)
  const build = spawnSync("npm", ["run", "build"], { cwd: project, env: { ...env, CMS_GITHUB_REPO: "" }, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let backend;
try {
  backend = await startGuardedDecapServer({
    port: GUARD_PORT,
    repo: project,
    decapServer: require.resolve("decap-server/dist/index.js"),
    siteOrigins: [`http://localhost:${SITE_PORT}`, `http://127.0.0.1:${SITE_PORT}`],
  });
} catch (error) {
  console.error(`The editor's backend did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const site = spawn(path.join(project, "node_modules", ".bin", "gatsby"), ["serve", "-H", "127.0.0.1", "-p", String(SITE_PORT)], {
  cwd: project,
  env,
  stdio: "inherit",
});

console.log(
  `\nThe editor: http://localhost:${SITE_PORT}/admin/ (the site: http://localhost:${SITE_PORT}/). Saved files land in content/; review them with git diff.\n` +
    `Its backend: decap-server behind a guard on 127.0.0.1:${GUARD_PORT} (files in content/ and static/ only, for this site's pages only).\n`,
);

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  site.kill("SIGTERM");
  await backend.stop();
  process.exit(code);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
// Ctrl+C reaches every process of the terminal: a child ended by a signal is stopping with us.
site.on("exit", (code) => {
  if (stopping || code === 0 || code === null) return;
  console.error(`gatsby serve stopped (${code}).`);
  void stop(code);
});
backend.decap.on("exit", (code) => {
  if (stopping || code === 0 || code === null) return;
  console.error(`decap-server stopped (${code}).`);
  void stop(code);
});
