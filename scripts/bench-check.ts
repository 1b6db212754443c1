/**
 * npm run bench:check [-- <servers, default 1000>] [--runs N] [--timeout MS]
 *
 * The check job against local endpoints, as an operator runs it (`npm run check`
 * in a process of its own): a generated fleet whose checks point at an HTTP
 * server on 127.0.0.1 that answers at once (warmed up before the first run),
 * except one server in ten that never answers. Each run's wall time (goal: 1,000 checks with a 2 s timeout in
 * under 30 s on 2 cores), checks per second, and the response times the job
 * wrote for the servers that answered (loopback: goal ≤ 5 ms, the first run
 * too). Writes bench/check.json and the table in the README (between the check
 * markers).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { generateFleet } from "./generateContent";

const root = path.resolve(__dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const count = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith("--")) ?? 1000);
const runs = option("--runs", 3);
const timeoutMs = option("--timeout", 2000);
const GOAL_S = 30;
const NOTIFY_GOAL_S = 2;

type NotifyFigures = { seconds: number; sendingSeconds: number; messages: number; summary: string };
/** issue #19: a loopback answer reads at most this (every answer, the first run too) */
const GOAL_MS = 5;

type RunFigures = {
  seconds: number;
  perSecond: number;
  median: number;
  p95: number;
  max: number;
  /** answers that read over GOAL_MS */
  overGoal: number;
  answered: number;
  offline: number;
};

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function runJob(dir: string, env: NodeJS.ProcessEnv = {}): Promise<{ seconds: number; code: number | null; output: string }> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "monitor/check.ts", "--content", dir],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: "1", ...env },
      },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, code, output }));
  });
}

async function main() {
  const hanging = new Set<net.Socket>();
  /** the servers that answer 500 (the notification runs turn 100 of them down and back) */
  const failing = new Set<string>();
  /** what the notification receivers were sent */
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith("/hang/")) {
      hanging.add(request.socket);
      return;
    }
    // The receivers: every POST (ntfy's JSON form goes to the server's root).
    if (request.method === "POST") {
      received.push(request.url ?? "/");
      request.resume().on("end", () => response.end("ok"));
      return;
    }
    response.statusCode = failing.has(request.url ?? "") ? 500 : 200;
    response.end("ok");
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  // The endpoints stand for servers long up: this server's own first-time costs (Node compiling its
  // HTTP code on the first requests, several ms) come before the first run, not inside it.
  for (let i = 0; i < 20; i += 1) {
    await new Promise<void>((resolve, reject) => {
      http.get(`http://127.0.0.1:${port}/ok/warm-up`, (response) => response.resume().on("end", resolve)).on("error", reject);
    });
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-check-"));
  for (const name of fs.readdirSync(path.join(root, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(root, "content", name), path.join(dir, name));
  }
  const { servers } = generateFleet(count, 7);
  const checked = servers.map((s, i) => ({
    ...s,
    check: { url: `http://127.0.0.1:${port}/${i % 10 === 9 ? "hang" : "ok"}/${s.id}`, timeoutMs },
  }));
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(checked));
  fs.writeFileSync(path.join(dir, "alerts.json"), "[]");

  console.log(`${count} servers, one in ten never answering, ${timeoutMs} ms timeout, ${runs} runs of npm run check:`);
  const figures: RunFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { seconds, code, output } = await runJob(dir);
    for (const socket of hanging) socket.destroy();
    hanging.clear();
    if (code !== 0) throw new Error(`the check job exited ${code}:\n${output}`);
    const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
      results: Array<{ status: string; responseTime: number | null }>;
    };
    const times = latest.results.flatMap((r) => (r.responseTime === null ? [] : [r.responseTime])).sort((a, b) => a - b);
    const f: RunFigures = {
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(count / seconds),
      median: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      max: times.at(-1) ?? 0,
      overGoal: times.filter((t) => t > GOAL_MS).length,
      answered: times.length,
      offline: latest.results.filter((r) => r.status === "offline").length,
    };
    figures.push(f);
    console.log(
      `  run ${run + 1}: ${f.seconds} s (${f.perSecond} checks/s; goal ≤ ${GOAL_S} s at 1,000), ${f.answered} answered in ${f.median} ms median, ${f.p95} ms p95, ${f.max} ms slowest, ${f.overGoal} over ${GOAL_MS} ms; ${f.offline} offline`,
    );
  }

  // Notifications: six channels (five HTTP receivers and an SMTP server on 127.0.0.1), every server
  // routed to all; 100 servers go down, then come back, run after run: each channel gets one digest.
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume().on("end", () => {
        mails.push("mail");
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as net.AddressInfo).port;
  const types = ["webhook", "slack", "discord", "teams", "ntfy"] as const;
  const channels = [
    ...types.map((type) => ({ id: `bench-${type}`, type, urlEnv: `BENCH_${type.toUpperCase()}_URL` })),
    { id: "bench-email", type: "email", smtpUrlEnv: "BENCH_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
  ];
  fs.writeFileSync(path.join(dir, "notifications.json"), JSON.stringify({ channels, routes: [{ channels: channels.map((c) => c.id) }] }));
  const env = {
    ...Object.fromEntries(types.map((type) => [`BENCH_${type.toUpperCase()}_URL`, `http://127.0.0.1:${port}/receive/${type}`])),
    BENCH_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SITE_URL: "https://status.example.org",
  };
  const changing = checked.filter((_, i) => i % 10 !== 9).slice(0, 100);
  const notifyRuns: NotifyFigures[] = [];
  console.log(`With notifications to ${channels.length} channels, ${changing.length} servers changing state in each run:`);
  for (let run = 0; run <= runs; run += 1) {
    // run 0 is the first with notifications: every server is first seen, nothing is sent
    if (run > 0) {
      for (const s of changing) {
        const url = `/ok/${s.id}`;
        if (failing.has(url)) failing.delete(url);
        else failing.add(url);
      }
    }
    received.length = 0;
    mails.length = 0;
    const { seconds, code, output } = await runJob(dir, env);
    for (const socket of hanging) socket.destroy();
    hanging.clear();
    if (code !== 0) throw new Error(`the check job exited ${code}:\n${output}`);
    const line = /Notifications \(([\d.]+) s\): (.*)$/m.exec(output);
    if (!line) throw new Error(`the check job said nothing about notifications:\n${output}`);
    if (run === 0) continue;
    const f: NotifyFigures = {
      seconds: Math.round(seconds * 10) / 10,
      sendingSeconds: Number(line[1]),
      messages: received.length + mails.length,
      summary: line[2],
    };
    notifyRuns.push(f);
    console.log(
      `  run ${run}: ${f.seconds} s in all; sending ${f.sendingSeconds} s (goal ≤ ${NOTIFY_GOAL_S} s), ${f.messages} messages received: ${f.summary}`,
    );
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  server.closeAllConnections();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const date = new Date().toISOString().slice(0, 10);
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench", "check.json"),
    `${JSON.stringify({ date, count, timeoutMs, runs: figures, notifications: notifyRuns }, null, 2)}\n`,
  );
  const rows = figures.map(
    (f, i) =>
      `| ${i + 1} | ${f.seconds} s | ${f.perSecond} | ${f.answered} | ${f.median} ms | ${f.p95} ms | ${f.max} ms | ${f.overGoal} | ${f.offline} |`,
  );
  const table = [
    `\`npm run bench:check -- ${count}\`, ${date}: ${count.toLocaleString("en")} servers on 127.0.0.1, one in ten never answering, ${timeoutMs} ms timeout, on this project's 2-core machine:`,
    "",
    `| run | wall time | checks/s | answered | response time: median | p95 | slowest | over ${GOAL_MS} ms | offline |`,
    "| --- | --------- | -------- | -------- | --------------------- | --- | ------- | --------- | ------- |",
    ...rows,
    "",
    `With \`content/notifications.json\` naming ${channels.length} channels (webhook, Slack, Discord, Teams, ntfy and email, each a receiver on 127.0.0.1), ${changing.length} servers going down, then back, in each run: each channel gets one digest.`,
    "",
    `| run | wall time | sending (goal ≤ ${NOTIFY_GOAL_S} s) | messages received |`,
    "| --- | --------- | ------------------ | ----------------- |",
    ...notifyRuns.map((f, i) => `| ${i + 1} | ${f.seconds} s | ${f.sendingSeconds} s | ${f.messages} |`),
  ].join("\n");
  const readme = path.join(root, "README.md");
  const text = fs.readFileSync(readme, "utf8");
  const start = `<!-- check:start -->`;
  const end = `<!-- check:end -->`;
  if (count === 1000 && text.includes(start) && text.includes(end)) {
    fs.writeFileSync(readme, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n\n${table}\n\n${end}`));
    // The house format, so lint stays green after a run.
    spawnSync(process.execPath, [path.join(root, "node_modules", "prettier", "bin", "prettier.cjs"), "--write", readme], {
      stdio: "ignore",
    });
    console.log("Wrote bench/check.json and the README's table.");
  } else {
    console.log("Wrote bench/check.json.");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
