import { checkTarget, type CheckConfig, type HeartbeatTarget } from "../../../src/domain/checks/definition";
import { heartbeatSaid } from "../../../src/model/server/heartbeatWords";
import { describeCheck } from "../../../src/model/server/serverPage";

const heartbeatOf = (heartbeat: CheckConfig["heartbeat"]): HeartbeatTarget => {
  const target = checkTarget({ url: "https://backups.example.org/status.json", heartbeat });
  if (target?.kind !== "http" || target.heartbeat === null) throw new Error("no heartbeat");
  return target.heartbeat;
};

describe("a heartbeat's page in words (#49)", () => {
  it("sets each ping of a Berlin cron beside the time it answered, across summer time, with the night it missed", () => {
    const nightly = heartbeatOf({ time: { json: "$.finishedAt" }, cron: "0 3 * * *", timeZone: "Europe/Berlin", graceMinutes: 60 });
    const said = heartbeatSaid(nightly, {
      ping: "2026-03-29T01:15:00.000Z",
      due: "2026-03-30T01:00:00.000Z",
      pings: ["2026-03-26T02:20:00.000Z", "2026-03-27T03:30:00.000Z", "2026-03-29T01:15:00.000Z"],
    });
    expect(said!.facts).toEqual([
      { term: "Last ping", value: "2026-03-29 01:15 UTC" },
      { term: "Next due", value: "2026-03-30 01:00 UTC" },
    ]);
    expect(said!.rows).toEqual([
      ["2026-03-29 01:15 UTC", "2026-03-29 01:00 UTC", "15 min after, within the grace"],
      ["no ping", "2026-03-28 02:00 UTC", "missed"],
      ["2026-03-27 03:30 UTC", "2026-03-27 02:00 UTC", "late by 30 min after the grace: down until it came"],
      ["2026-03-26 02:20 UTC", "2026-03-26 02:00 UTC", "20 min after, within the grace"],
    ]);
  });

  it("says a long stop in a few rows and a count", () => {
    const hourly = heartbeatOf({ time: { json: "$.at" }, cron: "0 * * * *", graceMinutes: 10 });
    const said = heartbeatSaid(hourly, {
      ping: "2026-11-29T12:05:00.000Z",
      due: "2026-11-29T13:00:00.000Z",
      pings: ["2026-11-28T00:05:00.000Z", "2026-11-29T12:05:00.000Z"],
    });
    const missed = said!.rows.filter((row) => row[0] === "no ping");
    expect(missed).toHaveLength(6);
    expect(missed.at(-1)).toEqual(["no ping", "…", "30 more missed before these"]);
    expect(missed[0][1]).toBe("2026-11-29 11:00 UTC");
  });

  it("sets a period's pings against the one before, and says nothing before the job read one", () => {
    const daily = heartbeatOf({ time: { header: "Last-Modified" }, periodMinutes: 1440, graceMinutes: 60 });
    expect(heartbeatSaid(daily, undefined)).toBeNull();
    const said = heartbeatSaid(daily, {
      ping: "2026-11-29T05:00:00.000Z",
      due: "2026-11-30T05:00:00.000Z",
      pings: ["2026-11-27T03:00:00.000Z", "2026-11-28T03:00:00.000Z", "2026-11-29T05:00:00.000Z"],
    });
    expect(said!.facts[1]).toEqual({ term: "Next due", value: "by 2026-11-30 05:00 UTC" });
    expect(said!.rows).toEqual([
      ["2026-11-29 05:00 UTC", "2026-11-29 03:00 UTC", "late by 1 h after the grace: down until it came"],
      ["2026-11-28 03:00 UTC", "2026-11-28 03:00 UTC", "on time"],
      ["2026-11-27 03:00 UTC", "—", "the oldest ping kept"],
    ]);
  });

  it("describes the check as a heartbeat: where the time is, the schedule, and no speed threshold", () => {
    const facts = describeCheck({
      url: "https://etl.example.org/state.json",
      heartbeat: {
        time: { json: "$.finishedAt" },
        started: { json: "$.startedAt" },
        maxRunMinutes: 180,
        cron: "30 1 * * 1-5",
        graceMinutes: 30,
      },
    })!;
    const terms = Object.fromEntries(facts.map((f) => [f.term, f.value]));
    expect(terms.Heartbeat).toBe("the time of the last ping, from the JSON value $.finishedAt");
    expect(terms.Expected).toBe('cron "30 1 * * 1-5" (UTC), grace 30 min');
    expect(terms["A run under way"]).toBe("up from its start (the JSON value $.startedAt) for at most 3 h");
    expect(terms["The answer must be"]).toBe("an HTTP status from 200 to 399");
    expect(terms["Warning above"]).toBeUndefined();
  });

  it("lists a relayed heartbeat's pings as the job saw them, the service judging each", () => {
    const said = heartbeatSaid("relay", {
      ping: "2026-11-29T03:40:00.000Z",
      due: "2026-11-30T03:40:00.000Z",
      pings: ["2026-11-28T03:41:00.000Z", "2026-11-29T03:40:00.000Z"],
    });
    expect(said!.facts).toEqual([
      { term: "Last ping", value: "2026-11-29 03:40 UTC" },
      { term: "Next expected (healthchecks.io)", value: "by 2026-11-30 03:40 UTC" },
    ]);
    expect(said!.rows.map((row) => row[0])).toEqual(["2026-11-29 03:40 UTC", "2026-11-28 03:41 UTC"]);
  });
});
