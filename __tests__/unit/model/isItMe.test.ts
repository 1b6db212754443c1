/** @jest-environment node */
/**
 * "Is it me?" (#50): the words of each verdict, and the asking from a browser
 * played by Node's fetch against servers on 127.0.0.1 that answer (whatever
 * their status), refuse, or hang; plain HTTP from an HTTPS page is not asked.
 */
import http from "node:http";
import type net from "node:net";
import { askFromHere } from "../../../src/state/askFromHere";
import { isItMeWords, oursOf } from "../../../src/model/server/isItMe";

describe("isItMeWords", () => {
  it("says whose side the problem is on, from here and from the checks", () => {
    expect(isItMeWords("EU-West-1", { kind: "no-answer" }, "up")).toBe(
      "EU-West-1 does not answer from here, but does from our checks: the problem is likely on your side or in your network (or the server refuses requests from other sites: open its address to be sure).",
    );
    expect(isItMeWords("EU-West-1", { kind: "no-answer" }, "down")).toBe(
      "EU-West-1 does not answer from here nor from our checks: you are not alone.",
    );
    expect(isItMeWords("EU-West-1", { kind: "timed-out", seconds: 4 }, "down")).toBe(
      "EU-West-1 does not answer from here (nothing within 4 s) nor from our checks: you are not alone.",
    );
    expect(isItMeWords("EU-West-1", { kind: "answered" }, "up")).toMatch(/^EU-West-1 answers from here and from our checks/);
    expect(isItMeWords("EU-West-1", { kind: "answered" }, "down")).toMatch(/answers from here, but not from our checks/);
    expect(isItMeWords("EU-West-1", { kind: "answered" }, "unknown")).toMatch(/the site's checks have no result for it/);
    expect(isItMeWords("EU-West-1", { kind: "not-asked", why: "no" }, "up")).toBe("EU-West-1 could not be asked from here: no.");
  });

  it("takes the site's word only when it measured, and tells an answer judged down from no answer", () => {
    const seen = (
      status: string,
      source: "measured" | "simulated" | "sample" = "measured",
      detail: string | null = null,
      placeTimes?: Array<{ location: string; ms: number | null }>,
    ) => oursOf({ status, source, detail, placeTimes });
    expect(seen("online")).toBe("up");
    expect(seen("warning")).toBe("up");
    expect(
      seen("warning", "measured", null, [
        { location: "eu-west", ms: 40 },
        { location: "ap-south", ms: null },
      ]),
    ).toBe("partly");
    expect(seen("offline", "measured", "connection refused (tried twice)")).toBe("down");
    expect(seen("offline", "measured", "unexpected HTTP status 503 (expected 2xx or 3xx)")).toBe("answered-down");
    expect(seen("offline", "measured", 'HTTP 200 in 41 ms, but bodyLacks "maintenance": found')).toBe("answered-down");
    expect(seen("maintenance")).toBe("maintenance");
    expect(seen("unchecked")).toBe("unknown");
    expect(seen("online", "simulated")).toBe("unknown");
    expect(seen("offline", "sample")).toBe("unknown");
  });

  it("never calls a server up from here where the checks judged its answer down (a browser cannot see a 503)", () => {
    expect(isItMeWords("Web", { kind: "answered" }, "answered-down")).toMatch(/which judge that answer down .*: you are not alone\.$/);
    expect(isItMeWords("Web", { kind: "no-answer" }, "partly")).toBe(
      "Web does not answer from here, nor from some of our checks' places: not only you.",
    );
    expect(isItMeWords("Web", { kind: "answered" }, "maintenance")).toBe(
      "Web answers from here; it is in a maintenance window, as the site's checks say.",
    );
  });
});

const LOCAL_PAGE = { protocol: "http:", hostname: "127.0.0.1" };
const PUBLIC_PAGE = { protocol: "https:", hostname: "status.example.org" };

describe("askFromHere", () => {
  let answering: http.Server;
  let hanging: http.Server;
  let port = 0;
  let hangPort = 0;
  let refusedPort = 0;
  beforeAll(async () => {
    answering = http.createServer((_request, response) => {
      response.statusCode = 503;
      response.end("down for maintenance");
    });
    hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    port = (answering.address() as net.AddressInfo).port;
    hangPort = (hanging.address() as net.AddressInfo).port;
    // A port that was open and is closed: refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    refusedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(() => {
    for (const server of [answering, hanging]) {
      server.closeAllConnections();
      server.close();
    }
  });

  it("any answer is an answer (a 503 too); a refusal is none; silence is none in time", async () => {
    expect(await askFromHere(`http://127.0.0.1:${port}/health`, LOCAL_PAGE)).toEqual({ kind: "answered" });
    expect(await askFromHere(`http://127.0.0.1:${refusedPort}/`, LOCAL_PAGE)).toEqual({ kind: "no-answer" });
    const started = Date.now();
    expect(await askFromHere(`http://127.0.0.1:${hangPort}/`, LOCAL_PAGE, 300)).toEqual({ kind: "timed-out", seconds: 0 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("does not ask plain HTTP from an HTTPS page (the browser would refuse, not the server)", async () => {
    expect(await askFromHere("http://web.example.org/health", PUBLIC_PAGE)).toMatchObject({
      kind: "not-asked",
      why: "this page is served over HTTPS, and browsers do not let it ask a plain-HTTP address",
    });
    expect(await askFromHere("not a url", PUBLIC_PAGE)).toMatchObject({ kind: "not-asked" });
  });

  it("does not ask a private address from a public page: it would ask the reader's own machine or network", async () => {
    for (const address of [
      `http://127.0.0.1:${port}/`,
      "https://10.0.0.5/",
      "https://192.168.1.20/",
      "https://nas.local/",
      "https://[fd00::1]/",
      "https://localhost/",
    ]) {
      expect(await askFromHere(address, PUBLIC_PAGE)).toMatchObject({ kind: "not-asked", why: expect.stringContaining("private network") });
    }
    // A page on the same private network asks it (a site served inside the network it watches).
    expect(await askFromHere(`http://127.0.0.1:${port}/`, LOCAL_PAGE)).toEqual({ kind: "answered" });
  });
});
