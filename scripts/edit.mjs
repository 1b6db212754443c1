/**
 * npm run edit: the web editor on this machine. Builds the site, serves it on
 * 127.0.0.1:9000 and starts decap-server (Decap CMS's local backend) on
 * localhost:8081 over this repository's working tree: what an editor saves at
 * http://localhost:9000/admin/ lands in content/, as a change git shows, to
 * review and commit like any other (the editor commits nothing itself).
 *
 * --no-build serves the last build. Stop with Ctrl+C.
 */
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", GATSBY_FEEDBACK_DISABLED: "1" };

if (!process.argv.includes("--no-build")) {
  // the local editor, whatever the environment names for the team's (CMS_GITHUB_REPO)
  const build = spawnSync("npm", ["run", "build"], { cwd: project, env: { ...env, CMS_GITHUB_REPO: "" }, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  // MODE=fs: files are written to the working tree, never committed by the editor
  spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    cwd: project,
    // on this machine only: decap-server writes any file of the repository for whoever reaches it
    env: { ...env, PORT: "8081", BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: project },
    stdio: "inherit",
  }),
  spawn(path.join(project, "node_modules", ".bin", "gatsby"), ["serve", "-H", "127.0.0.1", "-p", "9000"], {
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
