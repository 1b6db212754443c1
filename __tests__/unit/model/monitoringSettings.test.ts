/**
 * content/monitoring.json's settings of #30: the job's deadline, flapping, and
 * maxResponseMs in checkDefaults (refused before). Good ones are taken; bad
 * ones stop the build with the file and the field named.
 */
import * as fs from "fs";
import * as path from "path";
import { CONTENT_FILES } from "../../../src/domain/content/files";
import { validateContent, type ContentTexts } from "../../../src/domain/content/validate";
import { checkTarget } from "../../../src/domain/checks/definition";
import { jobDeadlines } from "../../../src/domain/checks/jobSettings";

const CONTENT_DIR = path.join(__dirname, "..", "..", "..", "content");
const texts = (monitoring: unknown): ContentTexts =>
  ({
    ...Object.fromEntries(CONTENT_FILES.map((f) => [f.name, fs.readFileSync(path.join(CONTENT_DIR, f.name), "utf8")])),
    "monitoring.json": JSON.stringify(monitoring),
  }) as ContentTexts;
const errors = (monitoring: unknown) => validateContent(texts(monitoring)).errors.map((e) => e.message);

describe("monitoring.json (#30)", () => {
  it("takes the job's deadline, flapping (an object or false) and maxResponseMs", () => {
    expect(errors({ job: { deadlineSeconds: 120 }, checkDefaults: { maxResponseMs: 300, flapping: { changes: 6, minutes: 30 } } })).toEqual(
      [],
    );
    expect(errors({ checkDefaults: { flapping: false } })).toEqual([]);
    expect(checkTarget({ url: "https://a.example.org/" }, { maxResponseMs: 300 })?.warnAboveMs).toBe(300);
  });

  it.each([
    [{ job: { deadlineSeconds: 5 } }, "job.deadlineSeconds", "seconds from 10 to 3600"],
    [{ checkDefaults: { flapping: { changes: 0 } } }, "checkDefaults.flapping", "false, or an object"],
    [{ checkDefaults: { flapping: true } }, "checkDefaults.flapping", "false, or an object"],
    [
      { checkDefaults: { maxResponseMs: 300, warnAboveMs: 200 } },
      "checkDefaults.maxResponseMs",
      "the same threshold as its alias warnAboveMs (200)",
    ],
    // a quorum three places can never make (#32)
    [
      { job: { locations: ["eu-west", "us-east", "ap-south"] }, checkDefaults: { quorum: 4 } },
      "checkDefaults.quorum",
      "at most 3, the number of places in monitoring.json's job.locations",
    ],
  ])("%j is refused, naming the field", (monitoring, field, expected) => {
    const said = errors(monitoring);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`content/monitoring.json`);
    expect(said[0]).toContain(field);
    expect(said[0]).toContain(expected);
  });

  it("a server's quorum larger than the places named is refused, naming the server; one they can make is taken (#32)", () => {
    const servers = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "servers.json"), "utf8")) as Array<Record<string, unknown>>;
    const withQuorum = (quorum: number) =>
      JSON.stringify(servers.map((s, i) => (i === 1 ? { ...s, check: { url: "https://b.example.org/", quorum } } : s)));
    const places = { job: { locations: ["eu-west", "us-east"] } };
    const said = (quorum: number) => validateContent({ ...texts(places), "servers.json": withQuorum(quorum) }).errors.map((e) => e.message);
    expect(said(2)).toEqual([]);
    expect(said(3)).toHaveLength(1);
    expect(said(3)[0]).toContain("content/servers.json");
    expect(said(3)[0]).toContain(String(servers[1].id));
    expect(said(3)[0]).toContain("check.quorum");
    expect(said(3)[0]).toContain("at most 2");
    // without places named, the places that report are the places: nothing to hold it against
    expect(validateContent({ ...texts({}), "servers.json": withQuorum(3) }).errors).toEqual([]);
  });

  it("the deadline's shares: checks by 60 %, the lock waited for until 80 %, sending until 95 %", () => {
    expect(jobDeadlines(undefined, 1000)).toEqual({
      runMs: 240_000,
      checksWithinMs: 144_000,
      checksEnd: 145_000,
      lockBy: 193_000,
      sendingEnd: 229_000,
    });
    expect(jobDeadlines({ deadlineSeconds: 10 }, 0)).toMatchObject({ checksEnd: 6000, lockBy: 8000, sendingEnd: 9500 });
  });

  describe("a deadline that cannot finish a check (#44)", () => {
    const servers = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, "servers.json"), "utf8")) as Array<Record<string, unknown>>;
    const checked = (check: Record<string, unknown>, also: Record<string, unknown> = {}) =>
      JSON.stringify(servers.map((s, i) => (i === 1 ? { ...s, check } : i === 2 ? { ...s, check: also } : s)));
    const said = (monitoring: unknown, check: Record<string, unknown>) =>
      validateContent({ ...texts(monitoring), "servers.json": checked(check, { url: "http://192.0.2.9/" }) }).errors.map((e) => e.message);

    it("30 s with the default timeout: two tries of 10 s and a pause do not fit its 17 s; named with what would work", () => {
      const [issue, ...more] = said({ job: { deadlineSeconds: 30 } }, { url: "http://127.0.0.1:9/" });
      expect(more).toEqual([]);
      expect(issue).toContain('content/monitoring.json, field "job.deadlineSeconds"');
      expect(issue).toContain("60 % of a run of 30 s, less a second for the job's start: 17 s");
      expect(issue).toContain("up to 20.5 s");
      expect(issue).toContain(String(servers[1].id));
      expect(issue).toContain("a deadlineSeconds of at least 36");
    });

    it("60 s with a 20 s default timeout: the same arithmetic", () => {
      expect(said({ job: { deadlineSeconds: 60 }, checkDefaults: { timeoutMs: 20_000 } }, { url: "http://127.0.0.1:9/" })[0]).toContain(
        "a deadlineSeconds of at least 70",
      );
    });

    it("a check's own timeout is named on its record; a host name counts its resolution too", () => {
      const [issue] = said({ job: { deadlineSeconds: 60 } }, { url: "https://a.example.org/", timeoutMs: 15_000 });
      expect(issue).toContain("content/servers.json");
      expect(issue).toContain(String(servers[1].id));
      expect(issue).toContain('field "check.timeoutMs"');
      expect(issue).toContain("up to 40.5 s");
    });

    it.each([
      [{ job: { deadlineSeconds: 36 } }, { url: "http://127.0.0.1:9/" }],
      [{}, { url: "https://a.example.org/", timeoutMs: 60_000 }],
      [
        { job: { deadlineSeconds: 10 }, checkDefaults: { timeoutMs: 2000 } },
        { url: "http://127.0.0.1:9/", timeoutMs: 2250 },
      ],
    ])("%j with %j fits: taken", (monitoring, check) => {
      expect(said(monitoring, check)).toEqual([]);
    });
  });
});
