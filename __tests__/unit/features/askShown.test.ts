/**
 * "Is it me?" on the dashboard (#50): each server shown is asked at the
 * address its published file gives (the site's own /api/v1 file, never another
 * host first), a heartbeat's or a TCP check's never; each verdict in words.
 */
import { askShown } from "../../../src/features/dashboard/askShown";
import { makeServer } from "../fixtures";

const published: Record<string, unknown> = {
  "/api/v1/servers/srv-web.json": {
    check: [
      { term: "Check", value: "HTTPS GET" },
      { term: "Address", value: "https://web.example.org/health" },
    ],
  },
  "/api/v1/servers/srv-db.json": {
    check: [
      { term: "Check", value: "TCP connection" },
      { term: "Address", value: "db.example.org:5432" },
    ],
  },
  "/api/v1/servers/srv-backup.json": {
    check: [
      { term: "Address", value: "https://files.example.org/backup.json" },
      { term: "Heartbeat", value: "the time of the last ping, from the JSON value $.finishedAt" },
    ],
  },
};

it("asks each server with an HTTP address from here, and counts those without one", async () => {
  const fetched: string[] = [];
  const before = globalThis.fetch;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof URL ? input.href : typeof input === "string" ? input : input.url;
    fetched.push(url);
    if (url in published) return { ok: true, json: async () => published[url] } as Response;
    throw new TypeError("Failed to fetch");
  });
  try {
    const said = await askShown([
      makeServer({ id: "srv-web", name: "Web", status: "offline", source: "measured" }),
      makeServer({ id: "srv-db", name: "DB", status: "online", source: "measured" }),
      makeServer({ id: "srv-backup", name: "Backup", status: "online", source: "measured" }),
    ]);
    expect(said).toEqual({
      summary: "0 of 1 asked answer from here; 2 with no address a browser can ask (not an HTTP check).",
      verdicts: [{ id: "srv-web", text: "Web does not answer from here nor from our checks: you are not alone." }],
    });
    // The site's own files first, then the one address a browser can ask: nothing else.
    expect(fetched.sort()).toEqual([...Object.keys(published), "https://web.example.org/health"].sort());
  } finally {
    globalThis.fetch = before;
  }
});
