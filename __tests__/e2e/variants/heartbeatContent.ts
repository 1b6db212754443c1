import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { runChecks } from "../../../monitor/run/runChecks";

type Rec = Record<string, unknown>;

/** When the job's last run of this content ran: the tests set the page's clock from it. */
export const HEARTBEAT_LAST_RUN = Date.parse("2026-03-29T01:30:00Z");

/** The two heartbeats this site adds: a nightly backup on a Berlin cron, and an export every hour. */
export const HEARTBEAT_SERVERS = { backup: "srv-nightly-backup", export: "srv-hourly-export" } as const;

/**
 * A site with two heartbeats (#49), each watched through a file its job
 * writes, served from a folder on 127.0.0.1 (its Last-Modified from the
 * file's time), and runs of the real job on a faked clock across Berlin's
 * change to summer time (2026-03-29, when 03:00 is 01:00 UTC).
 *
 * The nightly backup (cron "0 3 * * *", Europe/Berlin, an hour's grace) writes
 * its status file at 02:20 UTC on the 26th, misses the 27th (late, then down),
 * pings at 02:40 UTC on the 28th (within the grace) and at 01:15 UTC on the
 * 29th (03:15 summer time): online at the last run.
 * The hourly export (its archive's Last-Modified, every 60 minutes, 15 of
 * grace) stopped at 00:00 UTC on the 29th: offline at the last run.
 */
export async function prepareHeartbeatContent(variantDir: string): Promise<void> {
  const served = fs.mkdtempSync(path.join(variantDir, "served-"));
  const host = http.createServer((request, response) => {
    const file = path.join(served, path.basename(request.url ?? "/"));
    if (!fs.existsSync(file)) {
      response.statusCode = 404;
      return response.end();
    }
    response.setHeader("Last-Modified", fs.statSync(file).mtime.toUTCString());
    response.end(request.method === "HEAD" ? undefined : fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const contentDir = path.join(variantDir, "content");
  const file = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(file, "utf8")) as Rec[];
  const template = servers[0];
  servers.push(
    {
      ...template,
      id: HEARTBEAT_SERVERS.backup,
      name: "Nightly backup",
      ip: "192.0.2.61",
      location: "Frankfurt, Germany",
      coordinates: [8.68, 50.11],
      check: {
        url: `${base}/backup.json`,
        heartbeat: { time: { json: "$.finishedAt" }, cron: "0 3 * * *", timeZone: "Europe/Berlin", graceMinutes: 60 },
      },
    },
    {
      ...template,
      id: HEARTBEAT_SERVERS.export,
      name: "Hourly export",
      ip: "192.0.2.62",
      location: "Dublin, Ireland",
      coordinates: [-6.26, 53.35],
      check: {
        url: `${base}/export.tar`,
        method: "HEAD",
        heartbeat: { time: { header: "Last-Modified" }, periodMinutes: 60, graceMinutes: 15 },
      },
    },
  );
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  const backup = (finishedAt: string) => fs.writeFileSync(path.join(served, "backup.json"), JSON.stringify({ finishedAt }));
  const exported = (at: string) => {
    fs.writeFileSync(path.join(served, "export.tar"), "archive");
    fs.utimesSync(path.join(served, "export.tar"), new Date(at), new Date(at));
  };
  // The runs, each with what the watched jobs had written by then.
  const runs: Array<[string, () => void]> = [
    ["2026-03-26T02:30:00Z", () => (backup("2026-03-26T02:20:00Z"), exported("2026-03-26T02:00:00Z"))],
    ["2026-03-27T02:30:00Z", () => exported("2026-03-27T02:00:00Z")],
    ["2026-03-27T03:30:00Z", () => exported("2026-03-27T03:00:00Z")],
    ["2026-03-28T02:45:00Z", () => (backup("2026-03-28T02:40:00Z"), exported("2026-03-28T02:00:00Z"))],
    ["2026-03-29T01:00:00Z", () => exported("2026-03-29T00:00:00Z")],
    ["2026-03-29T01:30:00Z", () => backup("2026-03-29T01:15:00Z")],
  ];
  try {
    for (const [at, write] of runs) {
      write();
      await runChecks({
        contentDir,
        log: () => undefined,
        warn: () => undefined,
        retryPauseMs: 0,
        now: () => new Date(at),
        env: {},
      });
    }
  } finally {
    host.closeAllConnections();
    host.close();
    fs.rmSync(served, { recursive: true, force: true });
  }
}
