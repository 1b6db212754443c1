import type { JobSettings } from "../../src/domain/checks/jobSettings";
import { pingHeartbeat } from "../notify/heartbeat";
import type { RunContext } from "./runTypes";

/**
 * The monitor of the monitor: a run that recorded something requests the URL in job.heartbeatUrlEnv's variable
 * (monitor/notify/heartbeat.ts), within the run's deadline; its failure is a warning, never the run's.
 */
export async function runHeartbeat(job: JobSettings | undefined, context: RunContext): Promise<void> {
  const { env, log, warn, deadlines, startedClock } = context;
  const variable = job?.heartbeatUrlEnv;
  if (!variable) return;
  const url = env[variable]?.trim() ?? "";
  if (url === "") {
    warn(`Heartbeat: ${variable} is not set, so nobody is told that this run happened (monitoring.json's job.heartbeatUrlEnv names it).`);
    return;
  }
  const left = Math.floor(deadlines.runMs - (performance.now() - startedClock));
  if (left < 1000) {
    warn(`Heartbeat: not sent, the run's time was up; the service that watches it will say the job is late if this goes on.`);
    return;
  }
  const result = await pingHeartbeat(url, Math.min(10_000, left));
  if (result.ok) log(`Heartbeat: the URL in ${variable} answered HTTP ${result.status}.`);
  else
    warn(`Heartbeat: the URL in ${variable} could not be reached (${result.reason}); the service that watches the job may call it late.`);
}
