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
      "EU-West-1 does not answer from here, but does from our checks: the problem is on your side or in your network.",
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

  it("takes the site's word only when it measured: online and warning up, offline down, the rest unknown", () => {
    expect(oursOf("online", "measured")).toBe("up");
    expect(oursOf("warning", "measured")).toBe("up");
    expect(oursOf("offline", "measured")).toBe("down");
    expect(oursOf("not checked", "measured")).toBe("unknown");
    expect(oursOf("online", "simulated")).toBe("unknown");
    expect(oursOf("offline", "sample")).toBe("unknown");
  });
});

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
    expect(await askFromHere(`http://127.0.0.1:${port}/health`, "http:")).toEqual({ kind: "answered" });
    expect(await askFromHere(`http://127.0.0.1:${refusedPort}/`, "http:")).toEqual({ kind: "no-answer" });
    const started = Date.now();
    expect(await askFromHere(`http://127.0.0.1:${hangPort}/`, "http:", 300)).toEqual({ kind: "timed-out", seconds: 0 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("does not ask plain HTTP from an HTTPS page (the browser would refuse, not the server), but this machine's", async () => {
    expect(await askFromHere("http://status.example.org/health", "https:")).toMatchObject({ kind: "not-asked" });
    expect(await askFromHere(`http://127.0.0.1:${port}/`, "https:")).toEqual({ kind: "answered" });
    expect(await askFromHere("not a url", "https:")).toMatchObject({ kind: "not-asked" });
  });
});
