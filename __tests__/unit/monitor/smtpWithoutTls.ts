/**
 * Run by notifySecrets.test.ts inside a network namespace of its own (unshare
 * -rn), where 10.255.0.1 is an address of this machine that is not loopback:
 * an SMTP server there offers no STARTTLS, and the job is asked to send a mail
 * with a password through it. Prints what happened as JSON: the delivery's
 * result, and whether the server saw a login (a password in clear).
 */
import { SMTPServer } from "smtp-server";
import { deliver } from "../../../monitor/notify/send";
import { makeNotice } from "../fixtures";

async function main() {
  const host = process.argv[2] ?? "10.255.0.1";
  const logins: string[] = [];
  let mails = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as { port: number };
  const result = await deliver(
    {
      id: "mail",
      type: "email",
      smtpUrl: `smtp://monitor:clear-text-secret@${host}:${port}`,
      from: "monitor@example.org",
      to: ["ops@example.org"],
    },
    { kind: "notice", notice: makeNotice() },
    { tries: 1, timeoutMs: 5000 },
  );
  server.close();
  process.stdout.write(JSON.stringify({ result, logins, mails }));
}

void main();
