import { SERVER_FILTERS, filterServers, type ServerFilter } from "./filters";
import { problemsFirst } from "../../domain/kernel/status";
import { countByStatus, type StatusCounts } from "./summary";
import type { Server } from "../../domain/kernel/types";

/**
 * Finding servers: a text search over name, location and IP, a status filter and
 * a page, as they live in the URL's query (?q=…&status=…&page=…) so a search can
 * be shared, survives a reload and follows the back button.
 */

export type ServerQuery = { text: string; status: ServerFilter; page: number };

/** Reads a query string ('?q=fra&status=offline&page=2'); anything unknown or malformed falls back to the default. */
export function parseServerQuery(search: string): ServerQuery {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "all";
  const page = Number(params.get("page") ?? "1");
  return {
    text: (params.get("q") ?? "").slice(0, 200),
    status: (SERVER_FILTERS as readonly string[]).includes(status) ? (status as ServerFilter) : "all",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string for a query: '' when it is the default, defaults left out otherwise. */
export function serverQueryString(query: ServerQuery): string {
  const params = new URLSearchParams();
  if (query.text.trim() !== "") params.set("q", query.text);
  if (query.status !== "all") params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** Lower case without accents; plain ASCII (most names and addresses) skips the Unicode work. */
const fold = (text: string) =>
  /^[\x20-\x7e]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();

/**
 * A server's searchable text, folded once per server and kept while its name,
 * location and IP stay the same: a search runs over thousands of servers per
 * key, and a live update changes figures, not these three.
 */
const haystacks = new Map<string, { name: string; location: string; ip: string; text: string }>();
function haystack(server: Server): string {
  const known = haystacks.get(server.id);
  if (known !== undefined && known.name === server.name && known.location === server.location && known.ip === server.ip) return known.text;
  const text = fold(`${server.name} ${server.location} ${server.ip}`);
  haystacks.set(server.id, { name: server.name, location: server.location, ip: server.ip, text });
  return text;
}

/** Folds every server's searchable text ahead of the first search (the browser does it when idle). */
export function prepareSearch(servers: readonly Server[]): void {
  for (const server of servers) haystack(server);
}

/** Whether a server's name, location or IP holds every word of the search (case and accents ignored). */
function matchesText(server: Server, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = haystack(server);
  return words.every((word) => text.includes(word));
}

export type ServerResult = {
  /** the servers of this page, problems first */
  items: Server[];
  /** servers matching the text (before the status filter), by status: what the counters count */
  counts: StatusCounts;
  /** servers matching text and status */
  total: number;
  page: number;
  pages: number;
  /** 1-based position of the first and last item shown (0 and 0 when none) */
  from: number;
  to: number;
  /** the query needs the whole fleet, which is still on its way: nothing is shown yet */
  waiting: boolean;
};

/** The servers a query finds, problems first (offline, warning, any other status, online), one page of them. */
export function findServers(servers: readonly Server[], query: ServerQuery, pageSize: number): ServerResult {
  const words = fold(query.text).split(/\s+/).filter(Boolean);
  const textMatches = servers.filter((server) => matchesText(server, words));
  const matching = problemsFirst(filterServers(textMatches, query.status));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(query.page, pages);
  const start = (page - 1) * pageSize;
  const items = matching.slice(start, start + pageSize);
  return {
    items,
    counts: countByStatus(textMatches),
    total: matching.length,
    page,
    pages,
    from: items.length === 0 ? 0 : start + 1,
    to: start + items.length,
    waiting: false,
  };
}

const isFirstPageOfAll = (query: ServerQuery) => query.text.trim() === "" && query.status === "all" && query.page === 1;

/**
 * What a list shows before a large fleet's whole list is at hand: the first
 * page the build chose (problems first) with the fleet's totals; any other
 * query waits for the whole list.
 */
export function findInFirstServers(
  first: readonly Server[],
  fleet: { total: number; counts: StatusCounts },
  query: ServerQuery,
  pageSize: number,
): ServerResult {
  const pages = Math.max(1, Math.ceil(fleet.total / pageSize));
  if (!isFirstPageOfAll(query)) {
    return { items: [], counts: fleet.counts, total: fleet.total, page: Math.min(query.page, pages), pages, from: 0, to: 0, waiting: true };
  }
  const items = problemsFirst(first, pageSize);
  return {
    items,
    counts: fleet.counts,
    total: fleet.total,
    page: 1,
    pages,
    from: items.length === 0 ? 0 : 1,
    to: items.length,
    waiting: false,
  };
}
