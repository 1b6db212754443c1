/**
 * The endpoints npm run bench:check checks, in a process of their own (forked
 * by scripts/bench-check.ts, which talks to it over IPC).
 *
 * They stand for servers that answer at once: `GET /ok/<id>` answers 200 (or
 * 500 while its URL is in the failing set), `/hang/<id>` never answers, and any
 * POST is a notification receiver (counted, answered "ok"). For the hostile mix
 * (#44), `/hostile/<kind>/<id>` answers as a hostile server of that kind does
 * (endless, bomb, deep, huge-headers, loop), and a second port (rawPort) speaks
 * raw: `/continue/` a storm of interim answers, `/trickle/` headers a byte at a time. Kept apart from the
 * harness, whose own work (the job's output, the SMTP receiver, the figures)
 * would otherwise sit between a request and its answer, so a late answer is the
 * job's measuring, not the endpoints' bookkeeping.
 *
 * Messages in: { type: "fail", urls } toggles URLs between 200 and 500;
 * { type: "take" } asks for the POSTs received since the last take;
 * { type: "release" } closes the sockets of the /hang/ requests;
 * { type: "stalls" } asks for the times (ms) the endpoints stood still since the last ask.
 * Messages out: { type: "ready", port, rawPort } once listening and warmed up,
 * { type: "taken", urls }, { type: "stalls", stalls }, { type: "done" }.
 */
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

const BOMB = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));
const DEEP = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

const failing = new Set();
/** The endpoints' own stalls (their event loop not running for over 3 ms): an answer due then was late for the servers' side, not the job's. */
let stalls = [];
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 3) stalls.push(Math.round((now - lastTick) * 10) / 10);
  lastTick = now;
}, 1).unref();
const hanging = new Set();
let received = [];

const server = http.createServer((request, response) => {
  const url = request.url ?? "/";
  if (url.startsWith("/hang/")) {
    hanging.add(request.socket);
    return;
  }
  if (url.startsWith("/hostile/")) return hostile(url.split("/")[2], request, response);
  if (request.method === "POST") {
    received.push(url);
    request.resume().on("end", () => response.end("ok"));
    return;
  }
  response.statusCode = failing.has(url) ? 500 : 200;
  response.end("ok");
});
server.keepAliveTimeout = 1000;

/** A hostile server's answer, by kind (the catalogue of __tests__/unit/monitor/hostileServers.test.ts, at scale). */
function hostile(kind, request, response) {
  hanging.add(request.socket);
  if (kind === "endless") {
    const chunk = "all good ".repeat(1000);
    const write = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on("drain", write);
    return write();
  }
  if (kind === "bomb") {
    response.setHeader("content-encoding", "gzip");
    return response.end(BOMB);
  }
  if (kind === "deep") {
    response.setHeader("content-type", "application/json");
    return response.end(DEEP);
  }
  if (kind === "huge-headers") {
    for (let i = 0; i < 40; i += 1) response.setHeader(`x-filler-${i}`, "f".repeat(1000));
    return response.end("ok");
  }
  if (kind === "loop") {
    response.statusCode = 302;
    response.setHeader("location", request.url);
    return response.end();
  }
  response.statusCode = 404;
  response.end();
}

const raw = net.createServer((socket) => {
  hanging.add(socket);
  socket.on("error", () => undefined);
  socket.once("data", (data) => {
    if (data.toString().startsWith("GET /continue/")) {
      const storm = "HTTP/1.1 100 Continue\r\n\r\n".repeat(1000);
      const pump = () => {
        while (!socket.destroyed && socket.write(storm));
      };
      socket.on("drain", pump);
      pump();
    } else {
      socket.write("HTTP/1.1 200 OK\r\nX-Slow: ");
      const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write("a")), 100);
    }
  });
});

process.on("message", (message) => {
  if (message.type === "fail") {
    for (const url of message.urls) {
      if (failing.has(url)) failing.delete(url);
      else failing.add(url);
    }
    process.send({ type: "done" });
  } else if (message.type === "take") {
    process.send({ type: "taken", urls: received });
    received = [];
  } else if (message.type === "stalls") {
    process.send({ type: "stalls", stalls });
    stalls = [];
  } else if (message.type === "release") {
    for (const socket of hanging) socket.destroy();
    hanging.clear();
    process.send({ type: "done" });
  }
});
// The harness gone, the endpoints go too.
process.on("disconnect", () => process.exit(0));

await new Promise((resolve) => raw.listen(0, "127.0.0.1", resolve));
server.listen(0, "127.0.0.1", async () => {
  const { port } = server.address();
  // Servers long up: Node compiling its HTTP code on the first requests (several ms) comes before the first run, not inside it.
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve, reject) => {
      http.get(`http://127.0.0.1:${port}/ok/warm-up`, (response) => response.resume().on("end", resolve)).on("error", reject);
    });
  }
  process.send({ type: "ready", port, rawPort: raw.address().port });
});
