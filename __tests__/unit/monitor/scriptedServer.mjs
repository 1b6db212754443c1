/**
 * A server that answers each path as its script says, on the wire (for
 * generatedHostile.test.ts), in a process of its own: a hostile server's
 * flood must cost the job what a server elsewhere would, not share its event
 * loop. Messages in: { type: "scripts", scripts: { id: Script } }, { type:
 * "reset" } (closes every socket). Out: { type: "ready", port }, { type: "done" }.
 */
import net from "node:net";

const scripts = new Map();
const sockets = new Set();

const server = net.createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => undefined);
  socket.once("data", (data) => {
    const id = /^GET \/([^ ]+)/.exec(data.toString("latin1"))?.[1] ?? "";
    if (id === "ordinary") return void socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok");
    const s = scripts.get(id);
    if (!s) return void socket.destroy();
    const out = [];
    for (let i = 0; i < s.interim; i += 1) out.push("HTTP/1.1 100 Continue\r\n\r\n");
    out.push(`${s.status}\r\n`);
    if (s.headerBytes > 0) out.push(`x-filler: ${"f".repeat(s.headerBytes)}\r\n`);
    const body = Buffer.from(s.text, "utf8");
    out.push(
      s.body === "whole"
        ? `content-length: ${body.length}\r\n\r\n`
        : s.body === "cut"
          ? `content-length: ${body.length + 100}\r\n\r\n`
          : "\r\n",
    );
    socket.write(out.join(""));
    if (s.body === "whole" || s.body === "cut") socket.write(body);
    if (s.body === "endless") {
      const chunk = Buffer.alloc(64 * 1024, body.length > 0 ? body.toString("latin1") : "x", "latin1");
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.on("drain", pump);
      pump();
      return;
    }
    if (s.end === "close") socket.end();
  });
});

process.on("message", (message) => {
  if (message.type === "scripts") for (const [id, s] of Object.entries(message.scripts)) scripts.set(id, s);
  if (message.type === "reset") for (const socket of sockets) socket.destroy();
  process.send({ type: "done" });
});
process.on("disconnect", () => process.exit(0));
server.listen(0, "127.0.0.1", () => process.send({ type: "ready", port: server.address().port }));
