/**
 * Real receivers on 127.0.0.1 for the notification tests: an HTTP server that
 * records every request and can be told to fail or hang, and an SMTP server
 * (smtp-server) that records and parses every mail. Shared by the sending tests
 * and the job's end-to-end tests.
 */
import http from "node:http";
import type net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

export type HttpReceiver = {
  /** http://127.0.0.1:port (no trailing slash) */
  base: string;
  received: Received[];
  /** The next `times` requests get `status` (500 unless told), with these headers. */
  fail(times: number, status?: number, headers?: Record<string, string>): void;
  /** Every request from now on gets no answer at all (until reset). */
  hang(): void;
  /** Forgets the requests and the failures. */
  reset(): void;
  close(): Promise<void>;
};

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const received: Received[] = [];
  let failures: Array<{ status: number; headers: Record<string, string> }> = [];
  let hanging = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (hanging) return;
      const failure = failures.shift();
      if (failure) {
        response.writeHead(failure.status, failure.headers);
        // Echoes the path, as many servers' error pages do ("Cannot POST /services/…"): the sender must not repeat it.
        return void response.end(`failure ${failure.status} at ${request.url ?? ""}`);
      }
      response.end("ok");
    });
  });
  const port = await listen(server);
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    fail(times, status = 500, headers = {}) {
      failures.push(...Array.from({ length: times }, () => ({ status, headers })));
    },
    hang() {
      hanging = true;
    },
    reset() {
      received.length = 0;
      failures = [];
      hanging = false;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type ReceivedMail = { from: string; to: string[]; user: string | undefined; mail: ParsedMail };

export type SmtpReceiver = {
  port: number;
  /** smtp://user:password@127.0.0.1:port */
  url(user: string, password: string): string;
  mails: ReceivedMail[];
  /** The next `times` mails are refused with `code` (451: try later, unless told). */
  refuse(times: number, code?: number): void;
  reset(): void;
  close(): Promise<void>;
};

/** An SMTP server that wants a login (user and password as given), without TLS: it is loopback. */
export async function startSmtpReceiver(login: { user: string; password: string }): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let refusals: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.password) return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const refusal = refusals.shift();
      simpleParser(stream).then(
        (mail) => {
          if (refusal !== undefined) return callback(Object.assign(new Error("Try again later"), { responseCode: refusal }));
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((to) => to.address),
            user: typeof session.user === "string" ? session.user : undefined,
            mail,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await listen(server.server);
  return {
    port,
    url: (user, password) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    mails,
    refuse(times, code = 451) {
      refusals.push(...Array.from({ length: times }, () => code));
    },
    reset() {
      mails.length = 0;
      refusals = [];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
