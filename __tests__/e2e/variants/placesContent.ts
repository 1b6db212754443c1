import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PROJECT } from "./variantSite";

/** The places the checks run from, as monitoring.json's job.locations names them. */
export const PLACES = ["ap-south", "eu-west", "us-east"] as const;

/** The places variant's objective: US-East-1 up 99 % of a week. */
export const PLACES_OBJECTIVE = {
  id: "us-east-week",
  name: "US-East-1 this week",
  servers: ["srv-us-east-1"],
  availability: 99,
  window: "7d",
};

/** Runs `npm run check` with these arguments on a content folder, as a workflow's job would. */
function runJob(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(PROJECT, "node_modules", ".bin", "tsx"), ["monitor/check.ts", ...args], { cwd: PROJECT });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`npm run check ${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * A site whose servers are checked from three places, as the workflow does it:
 * each round, one run of the job per place (`--location <place> --out <file>`),
 * then one merge of their files. A local server tells the places apart by the
 * user agent the job sends (it names the place) and answers each differently:
 * US-East-1 is refused from ap-south and reached from the two others (a
 * warning that names ap-south, not offline); EU-West-1 is reached from all
 * three, ap-south slowest. Two rounds, so each place has a history.
 */
export async function preparePlacesContent(variantDir: string): Promise<void> {
  const placeOf = (request: http.IncomingMessage) => /\(([^)]+)\)$/.exec(request.headers["user-agent"] ?? "")?.[1] ?? "";
  const server = http.createServer((request, response) => {
    const place = placeOf(request);
    if (request.url === "/api" && place === "ap-south") return void request.socket.destroy();
    const delay = place === "ap-south" ? 90 : place === "eu-west" ? 40 : 0;
    setTimeout(() => response.end("ok"), delay);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const contentDir = path.join(variantDir, "content");
  const file = path.join(contentDir, "servers.json");
  const servers = JSON.parse(fs.readFileSync(file, "utf8")) as Array<Record<string, unknown>>;
  servers.find((s) => s.name === "US-East-1")!.check = { url: `${base}/api` };
  servers.find((s) => s.name === "EU-West-1")!.check = { url: `${base}/everywhere` };
  fs.writeFileSync(file, JSON.stringify(servers, null, 2));
  fs.writeFileSync(path.join(contentDir, "monitoring.json"), JSON.stringify({ job: { locations: PLACES } }, null, 2));
  // An objective of US-East-1 (#48): one place of three never reaches it, so its places' windows burn while its quorum's do not.
  fs.writeFileSync(path.join(contentDir, "objectives.json"), JSON.stringify([PLACES_OBJECTIVE], null, 2));
  const folder = path.join(variantDir, "observations");
  try {
    for (let round = 0; round < 2; round += 1) {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.mkdirSync(folder);
      for (const place of PLACES) {
        await runJob(["--content", contentDir, "--location", place, "--out", path.join(folder, `${place}.json`)]);
      }
      await runJob(["--content", contentDir, "--merge", folder]);
    }
  } finally {
    server.closeAllConnections();
    server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
