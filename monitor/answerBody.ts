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
 * whole. Reading never rejects: what could not be read says why.
 */
import type http from "node:http";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import type { ReadBody } from "../src/model/checks";

type Decoder = { name: string; make: (first: Buffer) => zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | zlib.BrotliDecompress };

/** The content codings the check reads. "deflate" is zlib-wrapped by the standard, raw from some servers: the first byte tells. */
const DECODERS: Record<string, Decoder> = {
  gzip: { name: "gzip", make: () => zlib.createGunzip() },
  "x-gzip": { name: "gzip", make: () => zlib.createGunzip() },
  deflate: {
    name: "deflate",
    // A zlib stream starts with a header byte whose low nibble is 8 (the deflate method): 0x78 nearly always.
    make: (first) => (((first[0] ?? 0) & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw()),
  },
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
  const said = problem ?? (unknown !== null ? `in the charset ${unknown}, unknown to the check (read as UTF-8)` : undefined);
  // An unknown charset is read as UTF-8 (what most such pages are), and said: a condition that fails then says why.
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
  const unknown = codings.find((coding) => !(coding in DECODERS));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let done = false;
    const finish = (cut: ReadBody["cut"], problem?: string) => {
      if (done) return;
      done = true;
      resolve(decoded(chunks, bytes, cut, contentType, problem));
    };
    if (unknown !== undefined || codings.length > 2) {
      response.destroy();
      return finish(null, `encoded as ${codings.join(", ")}, which the check cannot decode`);
    }
    // The decoders are chained once the first byte is known (deflate's kind depends on it).
    let source: Readable = response;
    const take = (chunk: Buffer) => {
      if (done) return;
      const room = limit - bytes;
      // One byte past the limit is what tells a cut body from one of exactly the limit.
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        bytes += room;
        finish("limit");
        response.destroy();
        source.destroy();
        return;
      }
      chunks.push(chunk);
      bytes += chunk.length;
    };
    const ended = () => finish(null);
    const closed = () => finish(signal.aborted ? "time" : "closed");
    response.on("error", () => undefined);
    response.on("close", () => {
      // A decoder may still hold bytes of an answer that ended: its own end says when it is done.
      if (source === response) closed();
      else if (!response.complete) closed();
    });
    if (codings.length === 0) {
      response.on("data", take);
      response.on("end", ended);
      return;
    }
    response.once("data", (first: Buffer) => {
      response.pause();
      let stream: Readable = response;
      const decoders = [...codings].reverse().map((coding) => DECODERS[coding].make(first));
      for (const decoder of decoders) stream = stream.pipe(decoder);
      source = stream;
      const name = codings.map((coding) => DECODERS[coding].name).join(", ");
      for (const decoder of decoders) {
        decoder.on("error", (error: Error & { code?: string }) => {
          finish(null, `damaged ${name} data (${error.code ?? error.message})`);
          response.destroy();
        });
      }
      stream.on("data", take);
      stream.on("end", ended);
      // The first chunk was taken before the pipe: give it back to the stream.
      response.unshift(first);
      response.resume();
    });
    response.on("end", () => {
      if (source === response) ended();
    });
  });
}
