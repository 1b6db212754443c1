/**
 * The monitor of the monitor (#44): at the end of every run that recorded
 * anything, the job requests a URL that someone else watches (a
 * healthchecks.io ping URL, an Uptime Kuma push URL: both take a plain GET),
 * so that when the job itself stops running, or stops recording, that service
 * notices the pings stop and tells its own people. The URL is a secret (it
 * lets anyone ping): it comes from the variable monitoring.json names
 * (job.heartbeatUrlEnv) and is never said; a failure is said in words.
 */
import http from "node:http";
import https from "node:https";
import { formatDuration } from "../../src/domain/kernel/time";
import { USER_AGENT } from "../userAgent";
import { fields } from "./attempt";

type HeartbeatResult = { ok: true; status: number } | { ok: false; reason: string };

/** A GET of `url` within `timeoutMs`: a 2xx is a ping received; its body is not read beyond 4 KB. Never throws, never says the URL. */
export function pingHeartbeat(url: string, timeoutMs: number): Promise<HeartbeatResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, reason: "the variable does not hold a URL" });
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") {
    return Promise.resolve({ ok: false, reason: "the variable does not hold an http(s) URL" });
  }
  return new Promise((resolve) => {
    let done = false;
    const request = (target.protocol === "https:" ? https : http).get(target, { headers: { "user-agent": USER_AGENT }, agent: false });
    const finish = (result: HeartbeatResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `no answer within ${formatDuration(timeoutMs)}` }), timeoutMs);
    request.on("error", (error) => {
      const { code } = fields(error);
      finish({ ok: false, reason: `network error${code ? ` (${code})` : ""}` });
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, reason: `the service answered HTTP ${status}` });
    });
  });
}
