import { findServers, parseServerQuery, prepareSearch, serverQueryString } from "../../../src/model/fleet/serverQuery";
import { makeServer } from "../fixtures";

describe("the query in the URL", () => {
  it("reads text, status and page", () => {
    expect(parseServerQuery("?q=fra%20db&status=offline&page=3")).toEqual({ text: "fra db", status: "offline", page: 3 });
  });
  it("falls back to the defaults for what is missing, unknown or malformed", () => {
    expect(parseServerQuery("")).toEqual({ text: "", status: "all", page: 1 });
    expect(parseServerQuery("?status=purple&page=-2")).toEqual({ text: "", status: "all", page: 1 });
    expect(parseServerQuery("?page=2.5")).toEqual({ text: "", status: "all", page: 1 });
  });
  it("writes only what differs from the defaults, and round-trips", () => {
    expect(serverQueryString({ text: "", status: "all", page: 1 })).toBe("");
    expect(serverQueryString({ text: "  ", status: "all", page: 1 })).toBe("");
    const query = { text: "São Paulo", status: "warning" as const, page: 2 };
    expect(parseServerQuery(serverQueryString(query))).toEqual(query);
  });
});

describe("findServers", () => {
  const servers = [
    makeServer({ name: "Alpha", status: "online", location: "Frankfurt, Germany", ip: "10.0.0.1" }),
    makeServer({ name: "Bravo", status: "offline", location: "São Paulo, Brazil", ip: "10.0.0.2" }),
    makeServer({ name: "Charlie", status: "maintenance", location: "Tokyo, Japan", ip: "10.0.1.3" }),
    makeServer({ name: "Delta", status: "warning", location: "Frankfurt, Germany", ip: "192.168.0.4" }),
    makeServer({ name: "Echo", status: "online", location: "Dublin, Ireland", ip: "10.0.0.5" }),
  ];
  const names = (query: Partial<Parameters<typeof findServers>[1]>, size = 10) =>
    findServers(servers, { text: "", status: "all", page: 1, ...query }, size).items.map((s) => s.name);

  it("lists problems first: offline, warning, any other status, then online", () => {
    expect(names({})).toEqual(["Bravo", "Delta", "Charlie", "Alpha", "Echo"]);
  });
  it("searches name, location and IP, every word, case and accents ignored", () => {
    expect(names({ text: "frankfurt" })).toEqual(["Delta", "Alpha"]);
    expect(names({ text: "sao paulo" })).toEqual(["Bravo"]);
    expect(names({ text: "192.168" })).toEqual(["Delta"]);
    expect(names({ text: "ECHO dublin" })).toEqual(["Echo"]);
    expect(names({ text: "echo tokyo" })).toEqual([]);
  });
  it("filters by status, 'other' being any status but the three known ones", () => {
    expect(names({ status: "online" })).toEqual(["Alpha", "Echo"]);
    expect(names({ status: "other" })).toEqual(["Charlie"]);
    expect(names({ status: "offline", text: "frankfurt" })).toEqual([]);
  });
  it("finds the same after the search is prepared ahead, and after a server is renamed", () => {
    const before = names({ text: "frankfurt" });
    prepareSearch(servers);
    expect(names({ text: "frankfurt" })).toEqual(before);
    const renamed = servers.map((s) => (s.name === "Alpha" ? { ...s, location: "Tokyo, Japan" } : s));
    expect(findServers(renamed, { text: "frankfurt", status: "all", page: 1 }, 10).items.map((s) => s.name)).not.toContain("Alpha");
  });
  it("counts what the text finds whatever the status, so the counters follow the search", () => {
    const result = findServers(servers, { text: "frankfurt", status: "online", page: 1 }, 10);
    expect(result.counts).toEqual({ online: 1, warning: 1, offline: 0, unchecked: 0, other: 0 });
    expect(result.total).toBe(1);
  });
  it("pages: from, to and the number of pages; a page past the end shows the last one", () => {
    const second = findServers(servers, { text: "", status: "all", page: 2 }, 2);
    expect(second.items.map((s) => s.name)).toEqual(["Charlie", "Alpha"]);
    expect([second.page, second.pages, second.from, second.to, second.total]).toEqual([2, 3, 3, 4, 5]);
    const beyond = findServers(servers, { text: "", status: "all", page: 9 }, 2);
    expect([beyond.page, beyond.from, beyond.to]).toEqual([3, 5, 5]);
    const none = findServers(servers, { text: "zulu", status: "all", page: 1 }, 2);
    expect([none.total, none.pages, none.from, none.to]).toEqual([0, 1, 0, 0]);
  });
});
