/** @jest-environment node */
/**
 * Generated hostile servers (#44): fast-check makes what each server of a
 * fleet answers on the wire (interim answers, a status line valid or not,
 * headers of any size, a body whole, cut, endless or never sent, a socket
 * closed or held), and the real job checks them beside ordinary servers.
 * Whatever they answer, the run ends within its time, every server has its
 * result in words (one line, no control characters), and the ordinary servers
 * read online. Class: "one server's answer is that server's result".
 */
import fs from "node:fs";
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import { runChecks } from "../../../monitor/run/runChecks";
import type { LatestChecks } from "../../../src/domain/checks/run";
import { jobContent, removeJobContents } from "./jobContent";

jest.setTimeout(180_000);

type Script = {
  interim: number;
  status: string;
  headerBytes: number;
  body: "none" | "whole" | "cut" | "endless";
  text: string;
  end: "close" | "hold";
};

const script: fc.Arbitrary<Script> = fc.record({
  interim: fc.oneof(fc.constant(0), fc.nat(3), fc.integer({ min: 5, max: 5000 })),
  status: fc.oneof(
    fc.constantFrom("HTTP/1.1 200 OK", "HTTP/1.1 204 No Content", "HTTP/1.1 503 Busy", "HTTP/1.1 302 Found", "HTTP/1.0 200 OK"),
    fc.string({ maxLength: 40 }).map((s) => `HTTP/1.1 ${s}`),
  ),
  headerBytes: fc.oneof(fc.nat(200), fc.integer({ min: 10_000, max: 40_000 })),
  body: fc.constantFrom("none", "whole", "cut", "endless"),
  text: fc.string({ unit: "binary", maxLength: 300 }),
  end: fc.constantFrom("close", "hold"),
});

let port: number;
let child: ChildProcess;
const replies: Array<() => void> = [];
/** Sends the scripted server a message and waits for its answer. */
const tell = (message: object) =>
  new Promise<void>((resolve) => {
    replies.push(resolve);
    child.send(message);
  });

beforeAll(async () => {
  child = fork(path.join(__dirname, "scriptedServer.mjs"), [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  port = await new Promise<number>((resolve) =>
    child.once("message", (message: { port: number }) => {
      child.on("message", () => replies.shift()?.());
      resolve(message.port);
    }),
  );
});

afterAll(() => {
  child.kill();
});

const contentFor = (ids: readonly string[]) =>
  jobContent(
    ["ordinary-a", ...ids, "ordinary-b"].map((id) => ({
      id,
      check: { url: `http://127.0.0.1:${port}/${id.startsWith("ordinary") ? "ordinary" : id}`, expect: { bodyLacks: "fail" } },
    })),
    { monitoring: { checkDefaults: { timeoutMs: 800 }, job: { deadlineSeconds: 10 } }, prefix: "generated-hostile-" },
  );

it("whatever generated servers answer, the run ends in time and every server has its result in words", async () => {
  let round = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(script, { minLength: 1, maxLength: 8 }), async (generated) => {
      round += 1;
      const ids = generated.map((_, i) => `g${round}-${i}`);
      await tell({ type: "scripts", scripts: Object.fromEntries(ids.map((id, i) => [id, generated[i]])) });
      const dir = contentFor(ids);
      try {
        const began = performance.now();
        const report = await runChecks({ contentDir: dir, log: () => undefined, warn: () => undefined });
        expect(performance.now() - began).toBeLessThan(10_000);
        expect(report.refused).toBeNull();
        const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as LatestChecks;
        expect(latest.results.map((r) => r.server).sort()).toEqual(["ordinary-a", "ordinary-b", ...ids].sort());
        for (const r of latest.results) {
          expect(["online", "warning", "offline"]).toContain(r.status);
          expect(r.detail.length).toBeGreaterThan(0);
          expect(r.detail.length).toBeLessThanOrEqual(400);
          // eslint-disable-next-line no-control-regex
          expect(r.detail).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e]/);
        }
        for (const id of ["ordinary-a", "ordinary-b"]) expect(latest.results.find((r) => r.server === id)?.status).toBe("online");
      } finally {
        await tell({ type: "reset" });
        removeJobContents();
      }
    }),
    { numRuns: 12, seed: 4404 },
  );
});
