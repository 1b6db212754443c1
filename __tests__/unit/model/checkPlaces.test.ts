/** One server seen from several places, as one outcome (#32): domain/checks/places.ts. */
import fc from "fast-check";
import type { CheckOutcome } from "../../../src/domain/checks/alerts";
import { acrossPlaces, quorumOf, type PlaceOutcome } from "../../../src/domain/checks/places";

const at = "2026-11-26T12:00:00.000Z";
const up = (location: string, ms: number): PlaceOutcome => ({
  location,
  outcome: { server: "web", checkedAt: at, status: "online", responseTime: ms, detail: `HTTP 200 in ${ms} ms` },
});
const down = (location: string, detail = "connection refused"): PlaceOutcome => ({
  location,
  outcome: { server: "web", checkedAt: at, status: "offline", responseTime: null, detail },
});
const outcomeOf = (result: ReturnType<typeof acrossPlaces>): CheckOutcome => {
  if (!("outcome" in result)) throw new Error(`held: ${result.held}`);
  return result.outcome;
};

describe("a server from several places", () => {
  it("a heartbeat keeps the newest ping any place read, whatever the verdict (#49)", () => {
    const withPing = (place: PlaceOutcome, ping: string): PlaceOutcome => ({
      ...place,
      outcome: { ...place.outcome, heartbeat: { ping, due: null } },
    });
    const older = "2026-11-26T11:00:00.000Z";
    const newer = "2026-11-26T11:58:00.000Z";
    const split = outcomeOf(acrossPlaces([withPing(up("eu-west", 4), newer), withPing(down("us-east", "no ping since"), older)], 1));
    expect(split.heartbeat).toEqual({ ping: newer, due: null });
    const agreed = outcomeOf(acrossPlaces([withPing(up("eu-west", 4), older), withPing(up("us-east", 9), newer), up("ap-south", 6)], null));
    expect(agreed.heartbeat).toEqual({ ping: newer, due: null });
  });

  it("down from one place of three: a warning that names it and the places that reach it", () => {
    const outcome = outcomeOf(acrossPlaces([up("eu-west", 40), down("ap-south", "timeout"), up("us-east", 90)], null));
    expect(outcome).toMatchObject({ status: "warning", warningCause: "unreachable", responseTime: 40 });
    expect(outcome.detail).toBe("unreachable from ap-south: timeout; eu-west and us-east reach it");
  });

  it("down from two of three: offline, each place with what it saw", () => {
    const outcome = outcomeOf(acrossPlaces([down("eu-west", "timeout"), down("ap-south"), up("us-east", 90)], null));
    expect(outcome).toMatchObject({ status: "offline", responseTime: null });
    expect(outcome.detail).toBe("offline from ap-south (connection refused) and eu-west (timeout)");
  });

  it("a certificate refused everywhere is offline and still a security finding's evidence (#34)", () => {
    const refused = (location: string): PlaceOutcome => ({
      location,
      outcome: {
        ...down(location, "certificate refused").outcome,
        security: {
          trust: { problem: "CERT_HAS_EXPIRED" },
          protocol: null,
          cipher: null,
          certificate: null,
          headers: {},
          warnDays: 14,
          host: "web",
        },
      },
    });
    const outcome = outcomeOf(acrossPlaces([refused("eu-west"), refused("ap-south"), up("us-east", 90)], null));
    expect(outcome.status).toBe("offline");
    expect(outcome.security?.trust).toEqual({ problem: "CERT_HAS_EXPIRED" });
  });

  it("up everywhere: the median place's answer, and says whose", () => {
    const outcome = outcomeOf(acrossPlaces([up("eu-west", 40), up("ap-south", 300), up("us-east", 90)], null));
    expect(outcome).toMatchObject({ status: "online", responseTime: 90 });
    expect(outcome.detail).toBe("HTTP 200 in 90 ms (from us-east, the median of 3 places)");
  });

  it("a quorum set: 1 makes any place's failure the server's; with fewer places reporting than it needs, no outcome", () => {
    expect(outcomeOf(acrossPlaces([up("eu-west", 40), down("ap-south"), up("us-east", 90)], 1)).status).toBe("offline");
    expect(acrossPlaces([down("ap-south")], 2)).toEqual({ held: "only 1 of the 2 places its quorum needs reported it (ap-south)" });
  });

  it("a place expected and missing: no outcome where its answer could change the state, the outcome where it could not", () => {
    const expected = ["ap-south", "eu-west", "us-east"];
    // Down from eu-west; ap-south's answer would decide between offline and a warning.
    expect(acrossPlaces([down("eu-west"), up("us-east", 50)], null, expected)).toEqual({
      held: "ap-south did not report, and its answer could change its state",
    });
    // Down from both that reported: offline whatever ap-south says.
    expect(outcomeOf(acrossPlaces([down("eu-west"), down("us-east")], null, expected)).status).toBe("offline");
    // Up from both: up whatever ap-south says (online, or a warning naming it): the check counts as up, and the
    // outcome says which states ap-south could have made, so a confirmed one of them stays (run.ts).
    const reached = outcomeOf(acrossPlaces([up("eu-west", 20), up("us-east", 50)], null, expected));
    expect(reached).toMatchObject({ status: "online", either: ["online", "warning"], responseTime: 20 });
    expect(reached.detail).toBe("HTTP 200 in 20 ms (from eu-west; ap-south did not report)");
  });

  it("the default quorum is more than half", () => {
    expect([1, 2, 3, 4, 5].map((n) => quorumOf(null, n))).toEqual([1, 2, 2, 3, 3]);
    expect(quorumOf(2, 5)).toBe(2);
  });
});

describe("whatever the places saw (generated)", () => {
  const placesArb = fc
    .uniqueArray(fc.constantFrom("ap-south", "eu-west", "us-east", "sa-east", "af-south"), { minLength: 1, maxLength: 5 })
    .chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.array(fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }), { minLength: names.length, maxLength: names.length }),
      ),
    );

  it("offline exactly when the quorum saw it down; a warning names every place that could not reach it; the time is one a place measured", () => {
    fc.assert(
      fc.property(placesArb, fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }), ([names, times], quorum) => {
        const seen = names.map((name, i) => (times[i] === null ? down(name) : up(name, times[i])));
        const result = acrossPlaces(seen, quorum);
        const downCount = times.filter((t) => t === null).length;
        const needed = quorumOf(quorum, names.length);
        if (names.length < needed) {
          expect("held" in result).toBe(true);
          return;
        }
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(downCount >= needed ? "offline" : downCount > 0 ? "warning" : "online");
        if (outcome.status === "warning") {
          for (const name of names.filter((_, i) => times[i] === null)) expect(outcome.detail).toContain(name);
        }
        if (outcome.status === "offline") expect(outcome.responseTime).toBeNull();
        else expect(times).toContain(outcome.responseTime);
      }),
    );
  });

  it("a place that did not report never decides up or down: the outcome, when there is one, is up or down whatever it would answer, and names the states it could make", () => {
    fc.assert(
      fc.property(placesArb, fc.integer({ min: 0, max: 4 }), ([names, times], missing) => {
        const expected = [...names];
        const absent: string[] = names.slice(0, Math.min(missing, names.length - 1));
        const seen = names
          .map((name, i) => (times[i] === null ? down(name) : up(name, times[i])))
          .filter((p) => !absent.includes(p.location));
        const result = acrossPlaces(seen, null, expected);
        if (!("outcome" in result)) return;
        // The absent places up, or down: the same state either way.
        const ifUp = acrossPlaces([...seen, ...absent.map((name) => up(name, 10))], null, expected);
        const ifDown = acrossPlaces([...seen, ...absent.map((name) => down(name))], null, expected);
        const possible = [outcomeOf(ifUp).status, outcomeOf(ifDown).status];
        // Offline or not never turns on an absent place.
        expect(possible.map((state) => state === "offline")).toEqual([
          result.outcome.status === "offline",
          result.outcome.status === "offline",
        ]);
        // Where online and a warning both could be, the outcome says so (a confirmed one of them stays).
        if (possible[0] !== possible[1]) expect(result.outcome.either).toEqual(expect.arrayContaining(possible));
        else expect(result.outcome.either).toBeUndefined();
      }),
    );
  });
});
