/**
 * npm run check: runs every server's check once and writes the results into
 * content/checks/ (latest.json, history.json, alerts.json, and servers/<id>.json:
 * each server's hourly and daily rollups). Run it on a schedule, then build
 * (docs/operators.md, "Real monitoring").
 *
 *   npm run check                      checks the servers of content/
 *   npm run check -- --content DIR     another content folder (or CONTENT_DIR=DIR)
 *   npm run check -- --shard 2/4 --out FILE [--location NAME]
 *                                      checks one shard's servers and writes what it saw to
 *                                      FILE only (no lock, nothing in content/checks/)
 *   npm run check -- --merge FILE|DIR…  applies the shards' files as one run (under the lock:
 *                                      history, rollups, latest, alerts, notifications)
 *
 * Notifications (content/notifications.json) are sent with the channels'
 * variables from the environment, and from a `.env` file in the project's root
 * when there is one (for cron; it never overrides a variable that is set).
 * SITE_URL and PATH_PREFIX, when set, give the messages their links.
 *
 * Exit code 0 when it ran, whatever the servers' states; 1 when it could not
 * run (content that does not validate, a file it cannot write, another run
 * holding the lock past this run's deadline) or could not record what it
 * measured (a clock behind what the job kept).
 *
 * An error that escapes one check (a socket's, a library's) is said and the
 * run goes on: that check ends at its watchdog, without a result (the job's
 * fault, not the server's), and the others are written.
 */
import path from "node:path";
import { siteAddress } from "../src/publish/siteAddress";
import { deliver } from "./notify/send";
import { loadDotEnv, resolveChannel } from "./notify/channelEnv";
import { ContentError, runChecks } from "./run/runChecks";
import { modeOf } from "./run/runMode";

function contentDirectory(argv: readonly string[]): string {
  const flag = argv.indexOf("--content");
  const dir = flag >= 0 ? argv[flag + 1] : process.env.CONTENT_DIR;
  // Said as the operator would type it: relative inside the project, absolute outside it.
  const absolute = path.resolve(dir ?? "content");
  const relative = path.relative(process.cwd(), absolute);
  return relative === "" ? "." : relative.startsWith("..") ? absolute : relative;
}

async function main(): Promise<number> {
  const contentDir = contentDirectory(process.argv.slice(2));
  const mode = modeOf(process.argv.slice(2));
  if ("problem" in mode) {
    console.error(`The checks did not run: ${mode.problem}.`);
    return 1;
  }
  loadDotEnv();
  const siteUrl = process.env.SITE_URL?.trim() ? siteAddress(process.env.SITE_URL, process.env.PATH_PREFIX ?? "") : null;
  try {
    const report = await runChecks({
      contentDir,
      ...mode,
      log: (line) => console.log(line),
      warn: (line) => console.warn(`warning: ${line}`),
      notify: {
        resolve: resolveChannel,
        deliver: (channel, message, deadline) => deliver(channel, message, { deadline }),
        env: process.env,
        siteUrl,
      },
    });
    return report.refused === null ? 0 : 1;
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(`The checks did not run: the content is not valid.\n${error.message}`);
    } else {
      console.error(`The checks could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
}

// The last resort: nothing one server's answer raises outside a check's own handlers ends the run.
// A check it escaped from gets no result (its watchdog in run/queue.ts ends it after its time); the others go on.
process.on("uncaughtException", (error) => {
  console.warn(`warning: an error escaped the job's handlers and was set aside; the run goes on: ${error.name}: ${error.message}`);
});
process.on("unhandledRejection", (reason) => {
  console.warn(`warning: an error escaped the job's handlers and was set aside; the run goes on: ${String(reason)}`);
});

void main().then((code) => process.exit(code));
