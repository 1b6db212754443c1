import { useCallback, useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from "react";
import { toFleet, type FleetRecord } from "../model/fleet/fleet";
import type { FleetFigures } from "../model/fleet/summary";
import type { MapPlace } from "../model/map/mapPlaces";
import type { Server } from "../domain/kernel/types";
import { useLiveServerStore } from "./LiveServers";
import { liveFigures } from "./liveFigures";
import type { LoadState } from "./liveServerStore";
import { useFollowFeed } from "./useFeed";

export type LiveFleet = {
  /** every server, live, once `complete`; before that, the ones the page shows first (problems first) */
  servers: readonly Server[];
  complete: boolean;
  /** the counters' figures: of the live servers once complete, the build's until then */
  figures: FleetFigures;
  /** the flat map's places as the build drew them (for a fleet too large for a dot per server) */
  buildPlaces: readonly MapPlace[];
  /** "loading" while the whole list is on its way, "failed" when it did not come */
  loadState: LoadState;
  /** asks for the whole list again after a failure */
  retry: () => void;
};

/** The whole list of servers from the site's own /api/v1/servers.json (its code loads with the first call). */
export const loadPublishedServers = () => import("./publishedData").then((m) => m.loadPublishedServers());

/**
 * A page's live fleet: the one hook every page that shows servers calls with its
 * query's fleet. A small fleet comes whole in the page and seeds the store; a
 * larger one seeds it from the site's own /api/v1/servers.json once the page is
 * up, and until then the page shows the build's figures and first servers. The
 * server render and hydration use the build's data, so the static HTML and the
 * first client render agree. While the page is open, the servers follow the
 * status feed when there is one.
 */
export function useLiveFleet(record: FleetRecord | null): LiveFleet {
  const store = useLiveServerStore();
  const build = useMemo(() => toFleet(record), [record]);
  const live = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const loadState = useSyncExternalStore(store.subscribe, store.getLoadState, () => "idle" as const);
  useEffect(() => {
    if (build.complete) store.seed(build.servers);
    else store.seedFrom(loadPublishedServers);
  }, [store, build]);
  // Before the first paint: the shell reads the live servers while a page that shows them is open.
  useLayoutEffect(() => store.retain(), [store]);
  useFollowFeed();
  const complete = live !== null || build.complete;
  const servers = live ?? build.servers;
  const figures = complete ? liveFigures(servers) : build.figures;
  const retry = useCallback(() => store.seedFrom(loadPublishedServers), [store]);
  return { servers, complete, figures, buildPlaces: build.places, loadState, retry };
}
