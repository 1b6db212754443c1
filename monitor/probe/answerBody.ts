/**
 * An answer's body as a browser would read it, within the check's bodyLimit:
 * decompressed when the server compressed it (gzip, deflate, br: some servers
 * and CDNs do without being asked), then decoded in its charset (the
 * Content-Type's, a byte-order mark, or an HTML page's <meta charset>; UTF-8
 * otherwise, as JSON always is).
 *
 * The limit counts decoded bytes, so a small answer can never expand without
 * bound (a compressed bomb stops at the limit), and a body is "cut" only when
 * more came than the limit: a complete answer of exactly bodyLimit bytes is
 * whole. Reading never rejects, and whatever way it ends, the connection and
 * every decoder are destroyed: what could not be read says why.
 */
import type http from "node:http";
import { Transform, type Readable } from "node:stream";
import zlib from "node:zlib";
import type { ReadBody } from "../../src/domain/checks/outcome";

/**
 * HTTP's "deflate": zlib-wrapped by the standard, raw from some servers. The
 * first byte of this decoder's own input tells (a zlib stream's first byte has
 * 8, the deflate method, in its low nibble).
 */
function inflateEither(): Transform {
  let inner: zlib.Inflate | zlib.InflateRaw | null = null;
  const outer: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (inner === null) {
        inner = (chunk[0] & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw();
        inner.on("data", (data: Buffer) => outer.push(data));
        inner.on("error", (error) => outer.destroy(error));
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (inner === null) return done();
      inner.once("end", () => done());
      inner.end();
    },
  });
  outer.on("close", () => inner?.destroy());
  return outer;
}

/** The content codings the check reads, each with its decoder and the name said in words. */
const DECODERS: Record<string, { name: string; make: () => Transform }> = {
  gzip: { name: "gzip", make: () => zlib.createGunzip() },
  "x-gzip": { name: "gzip", make: () => zlib.createGunzip() },
  deflate: { name: "deflate", make: inflateEither },
  br: { name: "br", make: () => zlib.createBrotliDecompress() },
};

/** The codings an answer says it is in, outermost last (as Content-Encoding lists them); identity dropped. */
function contentCodings(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  return text
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
}

/** A charset label as TextDecoder knows it; null for one it does not (then UTF-8, and the body says so). */
function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, ""));
  } catch {
    return null;
  }
}

const charsetOf = (contentType: string): string | null => /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType)?.[2] ?? null;

/**
 * The charset a browser would decode `bytes` with: a byte-order mark first,
 * then the Content-Type's charset, then (for HTML) a <meta> in the first 1024
 * bytes; UTF-8 otherwise. `unknown` names a label no decoder knows.
 */
function bodyCharset(bytes: Uint8Array, contentType: string): { decoder: TextDecoder; unknown: string | null } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { decoder: new TextDecoder("utf-8"), unknown: null };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { decoder: new TextDecoder("utf-16le"), unknown: null };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { decoder: new TextDecoder("utf-16be"), unknown: null };
  let label = charsetOf(contentType);
  if (label === null && /html/i.test(contentType)) {
    // Only ASCII matters for the tag: latin1 reads any byte as one character, so nothing can throw.
    const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
    label =
      /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
      /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1] ??
      null;
  }
  if (label === null) return { decoder: new TextDecoder("utf-8"), unknown: null };
  const decoder = decoderFor(label);
  return decoder ? { decoder, unknown: null } : { decoder: new TextDecoder("utf-8"), unknown: label };
}

/** What was read, as text in its charset. */
function decoded(chunks: Buffer[], bytes: number, cut: ReadBody["cut"], contentType: string, problem?: string): ReadBody {
  const raw = Buffer.concat(chunks, bytes);
  const { decoder, unknown } = bodyCharset(raw, contentType);
  // An unknown charset is read as UTF-8 (what most such pages are), and said when there is something to read.
  const said = problem ?? (unknown !== null && bytes > 0 ? `in the charset ${unknown}, unknown to the check (read as UTF-8)` : undefined);
  return { text: decoder.decode(raw), bytes, cut, ...(said ? { problem: said } : {}) };
}

/**
 * Reads an answer's body up to `limit` decoded bytes: to its end (whole), past
 * the limit (cut "limit", then the connection goes), or until the connection
 * ends another way (the timeout's abort: "time"; the server closing it:
 * "closed"). Never rejects.
 */
export function readBody(response: http.IncomingMessage, limit: number, signal: AbortSignal): Promise<ReadBody> {
  const contentType = String(response.headers["content-type"] ?? "");
  const codings = contentCodings(response.headers["content-encoding"]);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let done = false;
    const decoders: Transform[] = [];
    const finish = (cut: ReadBody["cut"], result?: ReadBody) => {
      if (done) return;
      done = true;
      // However it ended, nothing of this answer stays open: the connection and every decoder go.
      response.destroy();
      for (const decoder of decoders) decoder.destroy();
      resolve(result ?? decoded(chunks, bytes, cut, contentType));
    };
    const unknown = codings.find((coding) => !(coding in DECODERS));
    if (unknown !== undefined || codings.length > 2) {
      // Nothing of it can be read as text: no condition can be decided on it.
      return finish(null, { text: "", bytes: 0, cut: null, unreadable: `encoded as ${codings.join(", ")}, which the check cannot decode` });
    }
    response.on("error", () => undefined);
    let source: Readable = response;
    // Decoded in the reverse of the order they were applied: the last coding listed is the outermost.
    for (const coding of [...codings].reverse()) {
      const decoder = DECODERS[coding].make();
      decoders.push(decoder);
      decoder.on("error", (error: Error & { code?: string }) => {
        const name = codings.map((c) => DECODERS[c].name).join(", ");
        finish(null, { ...decoded(chunks, bytes, null, contentType), problem: `damaged ${name} data (${error.code ?? error.message})` });
      });
      source = source.pipe(decoder);
    }
    source.on("data", (chunk: Buffer) => {
      if (done) return;
      const room = limit - bytes;
      // One byte past the limit is what tells a cut body from one of exactly the limit.
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        bytes += room;
        return finish("limit");
      }
      chunks.push(chunk);
      bytes += chunk.length;
    });
    source.on("end", () => finish(null));
    // The connection ended before the body did: the timeout's abort, or the server closing it.
    response.on("close", () => {
      if (!response.complete) finish(signal.aborted ? "time" : "closed");
    });
  });
}
