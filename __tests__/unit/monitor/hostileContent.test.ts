/** @jest-environment node */
/**
 * What one editor writes cannot stop monitoring (#44): content generated with
 * arbitrary ids (every name of Object.prototype among them) that validation
 * accepts is run through the real job, checking real servers on 127.0.0.1
 * and telling a real webhook receiver. Class: "no key is special".
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import fc from "fast-check";
import { runChecks } from "../../../monitor/run/runChecks";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { readContentTexts } from "../../../io/contentFiles";
import { validateContent } from "../../../src/domain/content/validate";
import { startHttpReceiver, type HttpReceiver } from "./receivers";
import { jobContent, removeJobContents, WEBHOOK_EVERYTHING } from "./jobContent";

jest.setTimeout(120_000);

/** Every name Object.prototype has, the special ones of JavaScript's objects among them. */
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), "prototype", "then", "length", "toJSON"];

/** Ids as the schema allows them: letters, digits and . - _ ~, not starting with a dot. */
const schemaId = fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,20}$/);
const anyId = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), schemaId);

let web: http.Server;
let base: string;
let hook: HttpReceiver;
/** Which servers answer (by id); the others answer 503. */
const healthy = new Set<string>();

beforeAll(async () => {
  web = http.createServer((request, response) => {
    const id = decodeURIComponent((request.url ?? "/").slice(1));
    response.statusCode = healthy.has(id) ? 200 : 503;
    response.end(healthy.has(id) ? "ok" : "down");
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(web.address() as net.AddressInfo).port}`;
  hook = await startHttpReceiver();
});
afterAll(async () => {
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
  await hook.close();
  removeJobContents();
});

const contentWith = (ids: readonly string[]) =>
  jobContent(
    ids.map((id) => ({ id, check: { url: `${base}/${encodeURIComponent(id)}`, confirmRuns: { warning: 1, offline: 1 } } })),
    { notifications: WEBHOOK_EVERYTHING, prefix: "hostile-content-" },
  );

const T0 = Date.parse("2026-11-20T00:00:00Z");

function run(dir: string, i: number) {
  return runChecks({
    contentDir: dir,
    log: () => undefined,
    warn: () => undefined,
    retryPauseMs: 0,
    now: () => new Date(T0 + i * 300_000),
    notify: {
      resolve: resolveChannel,
      deliver: (channel, message) => deliver(channel, message, { backoffMs: 5, timeoutMs: 2000 }),
      env: { HOOK_URL: `${hook.base}/hook` },
      siteUrl: null,
    },
  });
}

type Told = { event: string; server: { id: string } };
const told = (): Told[] =>
  hook.received.flatMap((r) => {
    const body = JSON.parse(r.body) as Told & { notices?: Told[] };
    return body.notices ?? [body];
  });

describe("no key is special (#44)", () => {
  it("content with any ids the validation takes: every run records every server, and tells each change once, nothing else", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(anyId, { minLength: 1, maxLength: 8, selector: (id) => id.toLowerCase() }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        async (ids, falls) => {
          const dir = contentWith(ids);
          const validation = validateContent(readContentTexts(dir));
          // What validation refuses never reaches the job (its words name the field); the rest must run.
          fc.pre(validation.errors.length === 0);
          hook.reset();
          healthy.clear();
          ids.forEach((id) => healthy.add(id));
          // Run 0 sees every server first (remembered, not told); run 1 brings the falls; run 2 the recoveries.
          const expected: Told[] = [];
          for (let i = 0; i < 3; i += 1) {
            if (i === 1) ids.forEach((id, k) => falls[k] && healthy.delete(id));
            if (i === 2) ids.forEach((id) => healthy.add(id));
            const report = await run(dir, i);
            expect(report.refused).toBeNull();
            expect(report.checked).toBe(ids.length);
            const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as {
              results: Array<{ server: string; status: string }>;
            };
            expect(latest.results.map((r) => r.server).sort()).toEqual([...ids].sort());
            for (const r of latest.results) expect(r.status).toBe(healthy.has(r.server) ? "online" : "offline");
            if (i === 1) ids.forEach((id, k) => falls[k] && expected.push({ event: "down", server: { id } }));
            if (i === 2) ids.forEach((id, k) => falls[k] && expected.push({ event: "recovered", server: { id } }));
          }
          const got = told().map((t) => ({ event: t.event, server: { id: t.server.id } }));
          const key = (t: Told) => `${t.event} ${t.server.id}`;
          expect(got.map(key).sort()).toEqual(expected.map(key).sort());
          // Each server's rollups, in its own file.
          for (const id of ids) expect(fs.existsSync(path.join(dir, "checks", "servers", `${id}.json`))).toBe(true);
        },
      ),
      { numRuns: 25, seed: 44 },
    );
  });

  it.each(PROTOTYPE_NAMES.filter((name) => /^[A-Za-z0-9_~-]/.test(name)))(
    "%s as an id, beside an ordinary server: both recorded, and first sight tells nothing",
    async (id) => {
      const dir = contentWith([id, "srv-plain"]);
      hook.reset();
      healthy.clear();
      healthy.add(id).add("srv-plain");
      for (let i = 0; i < 2; i += 1) expect((await run(dir, i)).online).toBe(2);
      expect(told()).toEqual([]);
    },
  );
});
