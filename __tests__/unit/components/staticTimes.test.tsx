/**
 * @jest-environment node
 */
/**
 * The static HTML never says the build machine's zone: rendered on the server by
 * a process in a zone far from UTC (Kathmandu, UTC+5:45: a child process, as Jest
 * itself runs in UTC), every time is said in UTC and named so, and no other zone
 * is named.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");

const RENDER = `
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { AlertTime } from "./src/components/domain/AlertTime";
import { CheckedTime } from "./src/components/domain/CheckedTime";
import { TimeZoneProvider } from "./src/components/domain/TimeZone";
import { formatWhen } from "./src/domain/kernel/format";
const html = renderToString(
  h(TimeZoneProvider, { mode: "local" }, h(AlertTime, { timestamp: "2026-11-23T10:37:00.000Z" }), h(CheckedTime, { iso: "2026-11-23T10:37:02.000Z" })),
).replace(/<!-- -->/g, "");
console.log(JSON.stringify({ local: formatWhen(new Date("2026-11-23T10:37:00Z"), "local"), html }));
`;

it("renders times in UTC on a build machine far from it", () => {
  const out = execFileSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["-e", RENDER], {
    cwd: ROOT,
    env: { ...process.env, TZ: "Asia/Kathmandu" },
    encoding: "utf8",
  });
  const { local, html } = JSON.parse(out) as { local: string; html: string };
  // The process is in Kathmandu: a local time would say so.
  expect(local).toBe("2026-11-23 16:22 GMT+5:45");
  expect(html).toBe(
    '<time dateTime="2026-11-23T10:37:00.000Z">2026-11-23 10:37 UTC</time><time dateTime="2026-11-23T10:37:02.000Z">10:37:02 UTC</time>',
  );
}, 30_000);
