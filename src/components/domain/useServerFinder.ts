import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from "react";
import type { FleetView } from "../../model/fleet/fleet";
import {
  findInFirstServers,
  findServers,
  parseServerQuery,
  prepareSearch,
  serverQueryString,
  type ServerQuery,
} from "../../model/fleet/serverQuery";
import type { ServerFilter } from "../../model/fleet/filters";
import { useUrlSearch } from "../ui/useUrlSearch";

/**
 * A list's search, status filter and page, kept in the URL's query. Typing
 * replaces the URL (no history entry per key); a status or a page is a new entry,
 * so the back button returns to the previous one. The list is worked out from a
 * deferred copy of the query, so typing stays responsive with thousands of servers.
 * Until a large fleet's whole list is at hand, the first page is the build's and
 * any other query waits for the list.
 */
export function useServerFinder(fleet: FleetView, pageSize: number) {
  const [search, setSearch] = useUrlSearch();
  const query = useMemo(() => parseServerQuery(search), [search]);
  const deferred = useDeferredValue(query);
  const { servers, complete, figures } = fleet;
  // The first search of a large fleet would fold every name, location and IP on the keystroke: do it while idle.
  const prepared = useRef(false);
  useEffect(() => {
    if (!complete || prepared.current || typeof window.requestIdleCallback !== "function") return;
    const handle = window.requestIdleCallback(() => {
      prepared.current = true;
      prepareSearch(servers);
    });
    return () => window.cancelIdleCallback(handle);
  }, [complete, servers]);
  const result = useMemo(
    () =>
      complete
        ? findServers(servers, deferred, pageSize)
        : findInFirstServers(servers, { total: figures.total, counts: figures.counts }, deferred, pageSize),
    [servers, complete, figures, deferred, pageSize],
  );
  const update = useCallback(
    (patch: Partial<ServerQuery>, mode: "push" | "replace") => setSearch(serverQueryString({ ...query, ...patch }), mode),
    [query, setSearch],
  );
  return {
    query,
    result,
    setText: useCallback((text: string) => update({ text, page: 1 }, "replace"), [update]),
    setStatus: useCallback((status: ServerFilter) => update({ status, page: 1 }, "push"), [update]),
    setPage: useCallback((page: number) => update({ page }, "push"), [update]),
  };
}
