#!/usr/bin/env node
/**
 * The browser tests run in Debian's Chromium (no browser download works on these
 * machines). Installs it when missing and we are root; otherwise says what to run.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) {
  process.exit(0);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is missing (${path}). Install Debian's package, then run the tests again:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n\n` +
      "Or point CHROMIUM_PATH at another Chromium binary.",
  );
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium package (a few minutes)…");
try {
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
} catch {
  console.error("Installing chromium failed. Run `apt-get install -y chromium` yourself and try again.");
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
