/** @jest-environment node */
/**
 * Heartbeats (#49) through the real check job: a watched job writes a status
 * file, served from a folder on 127.0.0.1 as a static host serves it (its
 * Last-Modified from the file's time). One heartbeat reads the JSON value
 * `$.finishedAt`, one the Last-Modified header. Runs on a faked clock see each
 * on time, late within its grace, down, and back (and a third, the newest
 * object of an S3 bucket's listing, the same); the alerts and the notices
 * a webhook receives say so in words.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { probe } from "../../../monitor/probe/probe";
import { checkTarget } from "../../../src/domain/checks/definition";
import { judge } from "../../../src/domain/checks/judge";
import { jobContent, removeJobContents, runQuietlyAt, WEBHOOK_EVERYTHING } from "./jobContent";
import { startHttpReceiver, type HttpReceiver } from "./receivers";

const MINUTE = 60_000;
let host: http.Server;
let base: string;
let served: string;
let receiver: HttpReceiver;

/** A static host: the folder's files, each with its Last-Modified from the file's time (as nginx and object stores send it). */
beforeAll(async () => {
  served = fs.mkdtempSync(path.join(os.tmpdir(), "heartbeat-files-"));
  host = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://host");
    // An S3 bucket's ListObjectsV2 of a prefix: its objects' keys and times, as S3 (and R2, MinIO) answer it.
    if (url.pathname === "/bucket/" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const folder = path.join(served, prefix);
      const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
      const contents = names
        .map(
          (name) =>
            `<Contents><Key>${prefix}${name}</Key><LastModified>${fs.statSync(path.join(folder, name)).mtime.toISOString()}</LastModified><Size>7</Size></Contents>`,
        )
        .join("");
      response.setHeader("Content-Type", "application/xml");
      return response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>bucket</Name><Prefix>${prefix}</Prefix><KeyCount>${names.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
      );
    }
    const file = path.join(served, path.basename(request.url ?? "/"));
    if (!fs.existsSync(file)) {
      response.statusCode = 404;
      response.end("not found");
      return;
    }
    const stat = fs.statSync(file);
    response.setHeader("Last-Modified", stat.mtime.toUTCString());
    response.setHeader("Content-Type", "application/json");
    response.end(request.method === "HEAD" ? undefined : fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(host.address() as net.AddressInfo).port}`;
  receiver = await startHttpReceiver();
});

afterAll(async () => {
  host.closeAllConnections();
  host.close();
  await receiver.close();
  fs.rmSync(served, { recursive: true, force: true });
  removeJobContents();
});

/** The watched jobs' pings: the backup writes its status file; the export writes its archive (its time is the ping). */
function ping(at: number): void {
  fs.writeFileSync(
    path.join(served, "backup.json"),
    JSON.stringify({ startedAt: new Date(at - 5 * MINUTE).toISOString(), finishedAt: new Date(at).toISOString() }),
  );
  fs.writeFileSync(path.join(served, "export.tar"), "archive");
  fs.utimesSync(path.join(served, "export.tar"), new Date(at), new Date(at));
  // The archive job leaves a new object each run under its prefix: the newest is its ping.
  const archive = path.join(served, "nightly", `${new Date(at).toISOString().replace(/:/g, "")}.tar`);
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  fs.writeFileSync(archive, "archive");
  fs.utimesSync(archive, new Date(at), new Date(at));
}

type Result = { server: string; status: string; detail: string; warningCause?: string };
type Alert = { id: string; type: string; message: string };

describe("a heartbeat through the real job: on time, late, down, back", () => {
  const start = Date.parse("2026-11-29T10:00:00Z");
  let dir: string;
  const latest = () => (JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as { results: Result[] }).results;
  const alerts = () => JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Alert[];
  const runAt = (at: number) =>
    runQuietlyAt(dir, at, {
      notify: {
        resolve: resolveChannel,
        deliver: (channel, message) => deliver(channel, message, { backoffMs: 20, timeoutMs: 2000 }),
        env: { HOOK_URL: `${receiver.base}/hook` },
        siteUrl: "https://status.example.org",
      },
      env: {},
    });

  beforeAll(() => {
    const every = { periodMinutes: 60, graceMinutes: 15 };
    dir = jobContent(
      [
        {
          id: "backup",
          check: {
            url: `${base}/backup.json`,
            confirmRuns: { warning: 1, offline: 1 },
            heartbeat: { time: { json: "$.finishedAt" }, ...every },
          },
        },
        {
          id: "export",
          check: {
            url: `${base}/export.tar`,
            method: "HEAD",
            confirmRuns: { warning: 1, offline: 1 },
            heartbeat: { time: { header: "Last-Modified" }, ...every },
          },
        },
        {
          id: "archive",
          check: {
            url: `${base}/bucket/?list-type=2&prefix=nightly/`,
            confirmRuns: { warning: 1, offline: 1 },
            heartbeat: { time: { listing: "s3" }, ...every },
          },
        },
      ],
      { notifications: WEBHOOK_EVERYTHING, prefix: "heartbeat-job-" },
    );
    ping(start - 10 * MINUTE);
  });

  it("on time: online, with the last ping and when the next is due", async () => {
    await runAt(start);
    const results = latest();
    expect(results.map((r) => [r.server, r.status])).toEqual([
      ["backup", "online"],
      ["export", "online"],
      ["archive", "online"],
    ]);
    expect(results[0].detail).toBe("last ping 2026-11-29 09:50 UTC (10 min ago); next due by 2026-11-29 10:50 UTC");
    expect(results[1].detail).toBe("last ping 2026-11-29 09:50 UTC (10 min ago); next due by 2026-11-29 10:50 UTC");
  });

  it("late within the grace: a warning, 'Heartbeat late', told to the receiver", async () => {
    await runAt(start + 5 * MINUTE);
    await runAt(start + 55 * MINUTE);
    const results = latest();
    expect(results.map((r) => [r.status, r.warningCause])).toEqual([
      ["warning", "late"],
      ["warning", "late"],
      ["warning", "late"],
    ]);
    expect(results[0].detail).toBe(
      "late: last ping 2026-11-29 09:50 UTC (1 h 5 min ago), due by 2026-11-29 10:50 UTC; down after 2026-11-29 11:05 UTC",
    );
    const late = alerts().filter((a) => a.id.endsWith("-late"));
    expect(late.map((a) => a.type)).toEqual(["warning", "warning", "warning"]);
    expect(late[0].message).toMatch(/^Heartbeat late: late: last ping 2026-11-29 09:50 UTC/);
  });

  it("down after the grace: offline in words", async () => {
    await runAt(start + 70 * MINUTE);
    const results = latest();
    expect(results.map((r) => r.status)).toEqual(["offline", "offline", "offline"]);
    expect(results[2].detail).toBe("no ping since 2026-11-29 09:50 UTC (1 h 20 min ago): due by 2026-11-29 10:50 UTC");
    expect(results[1].detail).toBe("no ping since 2026-11-29 09:50 UTC (1 h 20 min ago): due by 2026-11-29 10:50 UTC");
    const offline = alerts().filter((a) => a.id.endsWith("-offline"));
    expect(offline).toHaveLength(3);
    expect(offline[0].message).toMatch(/^Server offline: no ping since 2026-11-29 09:50 UTC/);
  });

  it("back when the watched job pings again: online, and 'back online' told", async () => {
    ping(start + 72 * MINUTE);
    await runAt(start + 75 * MINUTE);
    expect(latest().map((r) => r.status)).toEqual(["online", "online", "online"]);
    expect(alerts().filter((a) => a.id.endsWith("-online"))).toHaveLength(3);
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { event: string; server: { id: string } });
    expect(bodies.map((b) => `${b.server.id} ${b.event}`).sort()).toEqual(
      [
        "backup degraded",
        "backup down",
        "backup recovered",
        "export degraded",
        "export down",
        "export recovered",
        "archive degraded",
        "archive down",
        "archive recovered",
      ].sort(),
    );
  });

  it("a status file the watched job damaged is that server's result, in words, and the other's stays", async () => {
    fs.writeFileSync(path.join(served, "backup.json"), '{"finishedAt": "not yet"}');
    await runAt(start + 80 * MINUTE);
    const [backup, exported] = latest();
    expect(backup.status).toBe("offline");
    expect(backup.detail).toBe('no time of the last ping: $.finishedAt is "not yet", not a time (tried twice)');
    // A run that read no time keeps the pings known: the page's table is not erased by one bad answer.
    const kept = (
      JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
        results: Array<{ heartbeat?: { pings: string[] } }>;
      }
    ).results[0].heartbeat;
    expect(kept?.pings).toEqual(["2026-11-29T09:50:00.000Z", "2026-11-29T11:12:00.000Z"]);
    expect(exported.status).toBe("online");
    fs.rmSync(path.join(served, "backup.json"));
    await runAt(start + 85 * MINUTE);
    expect(latest()[0].detail).toMatch(/^unexpected HTTP status 404/);
  });
});

describe("a heartbeat's header named like an object's own machinery", () => {
  it.each(["constructor", "__proto__", "toString"])(
    "%s is a header the answer did not send, in words, never the object's",
    async (name) => {
      const target = checkTarget({
        url: `${base}/export.tar`,
        method: "HEAD",
        headers: { Authorization: "Bearer secret-of-the-check" },
        heartbeat: { time: { header: name }, periodMinutes: 60, graceMinutes: 15 },
      })!;
      const judged = judge(await probe(target), target, new Date());
      expect(judged.status).toBe("offline");
      expect(judged.detail).toBe(`no time of the last ping: no ${name} header in the answer`);
    },
  );
});
