import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PROJECT } from "./variantSite";

type Rec = Record<string, unknown>;

/** Runs the check job (npm run check) on a content folder, as an operator would. */
function runCheckJob(contentDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(PROJECT, "node_modules", ".bin", "tsx"), ["monitor/check.ts", "--content", contentDir], { cwd: PROJECT });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run check failed (${code}):\n${output}`))));
  });
}

/**
 * A site whose servers are partly measured, as after a real schedule of checks:
 * a local server answers for three of them; three runs of the job measure them.
 * EU-West-1 answers quickly, then slowly twice (a confirmed warning, one alert);
 * AP-East-1 answers twice, then not at all (offline at once after the in-run
 * retry, one alert, no response time). AP-South-1 then gets a check that has
 * not run yet; US-West-2 and EU-Central-1 keep no check and are simulated.
 */
export async function prepareMeasuredContent(variantDir: string): Promise<void> {
  let run: number;
  const server = http.createServer((request, response) => {
    if (request.url === "/slow") return void setTimeout(() => response.end("slow"), run === 0 ? 0 : 250);
    if (request.url === "/flaky") {
      if (run === 2) return; // no answer
      return response.end();
    }
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const contentDir = path.join(variantDir, "content");
  const file = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(file, "utf8")) as Rec[];
  const byName = (name: string) => servers.find((s) => s.name === name)!;
  byName("US-East-1").check = { url: `${base}/ok` };
  byName("EU-West-1").check = { url: `${base}/slow`, warnAboveMs: 100 };
  byName("AP-East-1").check = { url: `${base}/flaky`, timeoutMs: 300 };
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  try {
    for (run = 0; run < 3; run += 1) await runCheckJob(contentDir);
  } finally {
    server.closeAllConnections();
    server.close();
  }
  byName("AP-South-1").check = { tcp: "127.0.0.1:9" };
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  // Written after the runs: the site's pages show these channels; the job never ran with them.
  fs.writeFileSync(path.join(contentDir, "notifications.json"), JSON.stringify(MEASURED_NOTIFICATIONS, null, 2));
}

/**
 * The measured site's notifications (its build sets NOTIFY_SLACK_URL to
 * MEASURED_SECRET_URL: no page or published file may carry its value).
 */
export const MEASURED_SECRET_URL = "https://hooks.example.org/services/T000/B000/SECRETc0ffee";
export const MEASURED_NOTIFICATIONS = {
  channels: [
    { id: "ops-slack", type: "slack", urlEnv: "NOTIFY_SLACK_URL" },
    { id: "pager", type: "ntfy", urlEnv: "NOTIFY_NTFY_URL" },
    { id: "on-call", type: "email", smtpUrlEnv: "NOTIFY_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
  ],
  routes: [{ servers: ["srv-us-east-1"], channels: ["pager"], events: ["down"] }, { channels: ["ops-slack", "on-call"] }],
};
