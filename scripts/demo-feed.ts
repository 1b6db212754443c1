/**
 * npm run demo:feed: a status feed on this machine, to watch the pages follow a
 * live feed. It serves /api/v1/servers.json (API v1) made from the content's
 * servers, with figures that change at every request and a failure now and
 * then; made-up figures, and every record says so.
 *
 *   npm run demo:feed                 on http://127.0.0.1:8787
 *   npm run demo:feed -- --port 9000  on another port
 */
import http from "node:http";
import path from "node:path";
import { readContentTexts } from "../io/contentFiles";
import { API_PATH } from "../src/publish/api";
import { serversDocument } from "../src/publish/openData";
import { toServers, type ServerRecord } from "../src/model/fleet/graphqlRecords";
import { formatReport, validateContent } from "../src/domain/content/validate";

const flag = process.argv.indexOf("--port");
const port = flag >= 0 ? Number(process.argv[flag + 1]) : 8787;
const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");
const validation = validateContent(readContentTexts(contentDir));
if (validation.errors.length > 0) {
  console.error(formatReport(validation));
  process.exit(1);
}
const servers = toServers(validation.data["servers.json"] as ServerRecord[]);
const FEED = `${API_PATH}/servers.json`;
/** One request in this many fails, so the page's retries and its "unreachable" can be seen. */
const FAIL_EVERY = 5;
let requests = 0;

function figures() {
  const now = new Date();
  return serversDocument(
    servers.map((server, i) => {
      // Mostly online; now and then one server slows down or drops out.
      const roll = Math.random();
      const status = roll < 0.06 ? "offline" : roll < 0.16 ? "warning" : "online";
      const responseTime =
        status === "offline" ? null : status === "warning" ? 150 + Math.round(Math.random() * 200) : 20 + ((requests * 7 + i * 13) % 60);
      return {
        ...server,
        status,
        responseTime,
        lastChecked: now.toISOString(),
        source: "measured" as const,
        detail: "demo feed (npm run demo:feed): made-up figures",
      };
    }),
    now,
  );
}

const server = http.createServer((request, response) => {
  // Any page may read it: a feed on another origin needs this header.
  response.setHeader("Access-Control-Allow-Origin", "*");
  if (request.method === "OPTIONS") return void response.writeHead(204).end();
  if (request.url?.split("?")[0] !== FEED) return void response.writeHead(404, { "content-type": "text/plain" }).end(`Try ${FEED}\n`);
  requests += 1;
  if (requests % FAIL_EVERY === 0) {
    console.log(`${new Date().toISOString()}  request ${requests}: failing on purpose (503)`);
    return void response.writeHead(503, { "content-type": "text/plain" }).end("The demo feed fails now and then.\n");
  }
  console.log(`${new Date().toISOString()}  request ${requests}: ${servers.length} servers`);
  response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(figures()));
});

server.listen(port, "127.0.0.1", () => {
  const url = `http://127.0.0.1:${port}${FEED}`;
  console.log(`Demo status feed: ${url}
It changes at every request and fails one request in ${FAIL_EVERY}. Point the site at it, either way:
  - in the browser: Settings → Advanced → Status feed URL: ${url}
  - at build:       GATSBY_STATUS_FEED_URL=${url} npm run build && npm run serve
Stop with Ctrl+C.`);
});
