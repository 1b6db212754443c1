/** @jest-environment node */
/**
 * Secrets stay secret (#30): SMTP asks for TLS before any password crosses a
 * network, and no part of a credential-bearing URL reaches an error, whatever
 * the network library says.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import { deliver } from "../../../monitor/notify/send";
import { secretsOf } from "../../../monitor/notify/channelEnv";
import { redact } from "../../../src/domain/kernel/redact";
import type { ResolvedChannel } from "../../../src/domain/notify/notifications";
import { makeNotice } from "../fixtures";
import { startSmtpReceiver } from "./receivers";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
jest.setTimeout(30_000);

/** Runs smtpWithoutTls.ts in a network namespace of its own, where 10.255.0.1 is this machine but not loopback. */
function inNamespace(host: string) {
  const script = `ip link set lo up && ip addr add 10.255.0.1/32 dev lo && exec "${TSX}" __tests__/unit/monitor/smtpWithoutTls.ts ${host}`;
  const run = spawnSync("unshare", ["-rn", "sh", "-c", script], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`the namespace did not run: ${run.stderr}`);
  return JSON.parse(run.stdout) as { result: { ok: boolean; error?: string }; logins: string[]; mails: number };
}

describe("SMTP without TLS", () => {
  it("a server on the network that offers no STARTTLS never gets the password: the send fails and says why", () => {
    const { result, logins, mails } = inNamespace("10.255.0.1");
    expect(logins).toEqual([]);
    expect(mails).toBe(0);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/STARTTLS|TLS/);
    expect(result.error).not.toContain("clear-text-secret");
  });

  it("a relay on this machine (loopback) may take it in clear, as a local MTA does", () => {
    const { result, logins, mails } = inNamespace("127.0.0.1");
    expect(result).toEqual({ ok: true, attempts: 1 });
    expect(logins).toEqual(["monitor:clear-text-secret"]);
    expect(mails).toBe(1);
  });
});

describe("the SMTP address's own settings", () => {
  it("an address with settings after '?' (?requireTLS=false would turn TLS off in nodemailer) is refused, nothing sent", async () => {
    const smtp = await startSmtpReceiver({ user: "monitor", password: "pw-1234" });
    try {
      const result = await deliver(
        {
          id: "m",
          type: "email",
          smtpUrl: `${smtp.url("monitor", "pw-1234")}/?requireTLS=false`,
          from: "a@example.org",
          to: ["b@example.org"],
        },
        { kind: "notice", notice: makeNotice() },
        { tries: 1, timeoutMs: 2000 },
      );
      expect(result).toMatchObject({ ok: false, attempts: 1, error: expect.stringContaining("has settings after '?'") });
      expect(smtp.mails).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

describe("a credential in a channel's URL", () => {
  it("the user part of an SMTP URL is never in an error (a refused connection, a refused login)", async () => {
    const smtp = await startSmtpReceiver({ user: "someone-else", password: "x" });
    try {
      const refused = await deliver(
        {
          id: "m",
          type: "email",
          smtpUrl: "smtp://ops-mailer%40example.org:pw-1234@127.0.0.1:1",
          from: "a@example.org",
          to: ["b@example.org"],
        },
        { kind: "notice", notice: makeNotice() },
        { tries: 1, timeoutMs: 2000 },
      );
      const badLogin = await deliver(
        { id: "m", type: "email", smtpUrl: smtp.url("ops-mailer@example.org", "pw-1234"), from: "a@example.org", to: ["b@example.org"] },
        { kind: "notice", notice: makeNotice() },
        { tries: 1, timeoutMs: 2000 },
      );
      for (const result of [refused, badLogin]) {
        expect(result.ok).toBe(false);
        const error = result.ok ? "" : result.error;
        for (const secret of ["ops-mailer", "pw-1234", "ops-mailer%40example.org"]) expect(error).not.toContain(secret);
      }
    } finally {
      await smtp.close();
    }
  });

  // Generated credentials, in every spelling a library might print them in.
  it("every spelling of the user, password, path and query values is hidden (fast-check)", () => {
    const part = fc.string({ minLength: 1, maxLength: 24, unit: fc.constantFrom(..."abcXYZ019-_.~!$&'()*+,;=:@/ %é") });
    fc.assert(
      fc.property(part, part, part, part, (user, password, piece, token) => {
        const url = new URL("https://hooks.example.org/");
        url.username = user;
        url.password = password;
        url.pathname = `/services/${piece}`;
        url.searchParams.set("token", token);
        const channel: ResolvedChannel = { id: "c", type: "slack", url: url.href };
        const secrets = secretsOf(channel);
        const decoded = (text: string) => {
          try {
            return decodeURIComponent(text);
          } catch {
            return text;
          }
        };
        const spoken = [
          url.href,
          url.username,
          decoded(url.username),
          url.password,
          decoded(url.password),
          url.pathname,
          url.search,
          token,
        ];
        const said = spoken.map((text) => redact(`could not send to ${text}: ECONNREFUSED`, secrets, "[hidden]", 3));
        for (const text of said) {
          for (const value of [user, password, token, url.username, url.password].filter((v) => v.length >= 4)) {
            expect(text).not.toContain(value);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
