#!/usr/bin/env node
/**
 * The browser tests need three of Debian's packages: Chromium (no browser download
 * works on these machines), python3-feedparser (the feed reader that reads our
 * RSS and Atom back) and prometheus (which scrapes our /metrics.txt, and its
 * promtool checks it). Installs what is missing when we are root; otherwise says
 * what to run.
 */
import { execFileSync, execSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const python = process.env.FEED_PYTHON ?? "/usr/bin/python3";

const hasFeedparser = () => {
  try {
    execFileSync(python, ["-c", "import feedparser"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const onPath = (command) => (process.env.PATH ?? "").split(":").some((dir) => dir !== "" && existsSync(`${dir}/${command}`));

const TOOLS = [
  { pkg: "chromium", present: () => existsSync(chromium), what: `Chromium (${chromium}; or point CHROMIUM_PATH at another binary)` },
  { pkg: "python3-feedparser", present: hasFeedparser, what: `Python's feedparser for ${python} (or point FEED_PYTHON at another Python)` },
  { pkg: "prometheus", present: () => onPath("prometheus") && onPath("promtool"), what: "Prometheus and its promtool (on the PATH)" },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length === 0) process.exit(0);
const packages = missing.map((tool) => tool.pkg).join(" ");
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Missing for the browser tests: ${missing.map((tool) => tool.what).join("; ")}. Install Debian's packages, then run the tests again:\n\n` +
      `    sudo apt-get update && sudo apt-get install -y ${packages}\n`,
  );
  process.exit(1);
}
console.log(`Missing for the browser tests: installing Debian's ${packages} (a few minutes)…`);
try {
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: "inherit" });
} catch {
  console.error(`Installing ${packages} failed. Run \`apt-get install -y ${packages}\` yourself and try again.`);
  process.exit(1);
}
const still = missing.filter((tool) => !tool.present());
if (still.length > 0) {
  console.error(`apt-get finished but these are still missing: ${still.map((tool) => tool.what).join("; ")}.`);
  process.exit(1);
}
