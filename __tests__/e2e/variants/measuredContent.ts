import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PROJECT } from "./variantSite";
import { makeTestPki } from "../../unit/monitor/certificates";

type Rec = Record<string, unknown>;

/** Runs the check job (npm run check) on a content folder, as an operator would, with the key US-East-1's check sends and the test's authority trusted. */
function runCheckJob(contentDir: string, caFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(PROJECT, "node_modules", ".bin", "tsx"), ["monitor/check.ts", "--content", contentDir], {
      cwd: PROJECT,
      env: { ...process.env, MEASURED_CHECK_KEY, NODE_EXTRA_CA_CERTS: caFile },
    });
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
 * retry, one alert, no response time). EU-North-1 (added here) answers twice,
 * then fails inside a maintenance window that covers the third run only (no
 * alert, that check counted in no uptime, shown "maintenance"; the window has
 * ended by the build). SA-East-1 (added here) answers 200 every time with a
 * JSON body whose status is "degraded": its check expects "ok", so it is
 * offline from its first run (no alert: first seen), its detail naming the
 * condition. AP-South-1 then gets a check that has not run yet;
 * US-West-2 and EU-Central-1 keep no check and are simulated.
 *
 * US-East-1 is checked over HTTPS (a certificate of the test's own authority,
 * which the job trusts through NODE_EXTRA_CA_CERTS), so the job scans it
 * (#34): its answer sends X-Content-Type-Options, no Content-Security-Policy,
 * no framing rule and no Referrer-Policy, and Strict-Transport-Security from the
 * second run on (a finding the second run resolves). An editor acknowledges
 * the Referrer-Policy finding (security-acknowledgements.json).
 */
export async function prepareMeasuredContent(variantDir: string): Promise<void> {
  let run: number;
  const pki = makeTestPki();
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    // US-East-1's check sends its key from the job's environment: without it, it is refused.
    if (request.url === "/ok" && request.headers["x-api-key"] !== MEASURED_CHECK_KEY) {
      response.statusCode = 401;
      return response.end();
    }
    if (request.url === "/slow") return void setTimeout(() => response.end("slow"), run === 0 ? 0 : 250);
    if (request.url === "/flaky") {
      if (run === 2) return; // no answer
      return response.end();
    }
    if (request.url === "/health") {
      response.setHeader("content-type", "application/json");
      return response.end(JSON.stringify({ status: "degraded", db: "down" }));
    }
    if (request.url === "/planned") {
      response.statusCode = run === 2 ? 503 : 200;
      return response.end();
    }
    response.end("ok");
  };
  const server = http.createServer(handler);
  const secure = https.createServer({ ...pki.leaf.fine }, (request, response) => {
    response.setHeader("x-content-type-options", "nosniff");
    if (run > 0) response.setHeader("strict-transport-security", "max-age=63072000");
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secureBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  const contentDir = path.join(variantDir, "content");
  const file = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(file, "utf8")) as Rec[];
  const byName = (name: string) => servers.find((s) => s.name === name)!;
  byName("US-East-1").check = { url: `${secureBase}/ok`, headers: { "X-Api-Key": { env: "MEASURED_CHECK_KEY" } } };
  byName("EU-West-1").check = { url: `${base}/slow`, warnAboveMs: 100 };
  byName("AP-East-1").check = { url: `${base}/flaky`, timeoutMs: 300 };
  servers.push({
    ...byName("US-East-1"),
    id: MEASURED_MAINTENANCE_SERVER,
    name: "EU-North-1",
    ip: "192.0.2.77",
    location: "Stockholm, Sweden",
    coordinates: [18.07, 59.33],
    check: { url: `${base}/planned` },
  });
  servers.push({
    ...byName("US-East-1"),
    id: "srv-sa-east-1",
    name: "SA-East-1",
    ip: "192.0.2.88",
    location: "São Paulo, Brazil",
    coordinates: [-46.63, -23.55],
    check: { url: `${base}/health`, expect: { json: [{ path: "$.status", equals: "ok" }] } },
  });
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  const windowFile = path.join(contentDir, "maintenance.json");
  const window = (start: Date, end: Date) => [
    {
      id: "north-upgrade",
      title: "Upgrade of EU-North-1",
      affected: [MEASURED_MAINTENANCE_SERVER],
      start: start.toISOString(),
      end: end.toISOString(),
    },
  ];
  try {
    for (run = 0; run < 3; run += 1) {
      // The third run inside the window, which the editors close once it is done.
      if (run === 2) fs.writeFileSync(windowFile, JSON.stringify(window(new Date(Date.now() - 1000), new Date(Date.now() + 3_600_000))));
      await runCheckJob(contentDir, pki.caFile);
    }
    const opened = JSON.parse(fs.readFileSync(windowFile, "utf8")) as Array<{ start: string }>;
    fs.writeFileSync(windowFile, JSON.stringify(window(new Date(opened[0].start), new Date()), null, 2));
  } finally {
    for (const s of [server, secure]) {
      s.closeAllConnections();
      s.close();
    }
    pki.remove();
  }
  fs.writeFileSync(
    path.join(contentDir, "security-acknowledgements.json"),
    JSON.stringify(
      [
        {
          server: "srv-us-east-1",
          rule: "referrer-policy",
          note: MEASURED_ACK_NOTE,
          until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      ],
      null,
      2,
    ),
  );
  byName("AP-South-1").check = { tcp: "127.0.0.1:9" };
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  // Written after the runs: the site's pages show these channels; the job never ran with them.
  fs.writeFileSync(path.join(contentDir, "notifications.json"), JSON.stringify(MEASURED_NOTIFICATIONS, null, 2));
  fs.writeFileSync(path.join(contentDir, "objectives.json"), JSON.stringify(MEASURED_OBJECTIVES, null, 2));
}

/**
 * What the operators promise (#48): US-East-1 (up every run, answering on 127.0.0.1 well under 5 s) alone, a month of AP-East-1 (down in the last run) with it,
 * and a week of the server checked in maintenance in the third run, whose objective counts maintenance as down.
 */
export const MEASURED_OBJECTIVES = [
  {
    id: "east-up",
    name: "US-East-1 is up",
    servers: ["srv-us-east-1"],
    availability: 99.9,
    window: "30d",
    latency: { percent: 90, underMs: 5000 },
  },
  { id: "east-pair", name: "The eastern pair is up", servers: ["srv-us-east-1", "srv-ap-east-1"], availability: 99, window: "month" },
  { id: "north-week", name: "EU-North-1 this week", servers: ["srv-eu-north-1"], availability: 95, window: "7d", maintenance: "counted" },
];

/** The key US-East-1's check sends (a header whose value is in the job's environment, and the build's): no file the job or the build writes may hold it. */
export const MEASURED_CHECK_KEY = "key-5f3a9c0e7b21d4aa";

/** The note of the editors' acknowledgement of US-East-1's Referrer-Policy finding. */
export const MEASURED_ACK_NOTE = "The proxy sets it from next week";

/** The server checked inside a maintenance window in the third run. */
export const MEASURED_MAINTENANCE_SERVER = "srv-eu-north-1";

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
