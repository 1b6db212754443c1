/**
 * A small DNS server for the tests (UDP on 127.0.0.1): it reads a query's one
 * question and answers from fixed records (A, TXT, MX, CNAME); a name it does
 * not know is NXDOMAIN, a known name without the type has no answers
 * (NODATA). `silent` names get no reply at all.
 */
import dgram from "node:dgram";

type Rdata = { A?: string[]; TXT?: string[]; MX?: Array<[number, string]>; CNAME?: string[] };
const TYPES = { A: 1, CNAME: 5, MX: 15, TXT: 16, AAAA: 28 } as const;

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, "").split(".");
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, "ascii")])), Buffer.from([0])]);
}

function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

function answers(records: Rdata | undefined, type: number): Buffer[] {
  if (!records) return [];
  if (type === TYPES.A) return (records.A ?? []).map((ip) => record(type, Buffer.from(ip.split(".").map(Number))));
  if (type === TYPES.CNAME) return (records.CNAME ?? []).map((n) => record(type, encodeName(n)));
  if (type === TYPES.TXT)
    return (records.TXT ?? []).map((t) => record(type, Buffer.concat([Buffer.from([Buffer.byteLength(t)]), Buffer.from(t)])));
  if (type === TYPES.MX) {
    return (records.MX ?? []).map(([priority, host]) => {
      const pref = Buffer.alloc(2);
      pref.writeUInt16BE(priority, 0);
      return record(type, Buffer.concat([pref, encodeName(host)]));
    });
  }
  return [];
}

export type DnsServer = { port: number; queries: string[]; close: () => Promise<void> };

export async function startDnsServer(zone: Record<string, Rdata>, silent: readonly string[] = []): Promise<DnsServer> {
  const socket = dgram.createSocket("udp4");
  const queries: string[] = [];
  socket.on("message", (query, from) => {
    // The question: labels to a zero byte, then its type and class.
    let at = 12;
    const labels: string[] = [];
    while (query[at] !== 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]).toString("ascii"));
      at += query[at] + 1;
    }
    const type = query.readUInt16BE(at + 1);
    const question = query.subarray(12, at + 5);
    const name = labels.join(".").toLowerCase();
    queries.push(`${name} ${type}`);
    if (silent.includes(name)) return;
    const found = answers(zone[name], type);
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0); // its id
    header.writeUInt16BE(0x8180 | (zone[name] ? 0 : 3), 2); // an answer, recursion as asked; NXDOMAIN for an unknown name
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(found.length, 6);
    socket.send(Buffer.concat([header, question, ...found]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    port: socket.address().port,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
