/**
 * What the pages' two followed fetches share (the status feed, feedStore.ts,
 * and the published incidents, noticesStore.ts): a state with a mode, its
 * listeners, the pages that follow it (when the last one goes, it is off), and
 * the client's refetch.
 */
export type FetchMode = "off" | "waiting" | "live" | "down";

type Followed = { mode: FetchMode; downSince: number | null; error: string | null };

export type FollowedFetch<S extends Followed> = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => S;
  waiting: () => void;
  failed: (at: number, error: string) => void;
  /** nothing to follow any more */
  stopped: () => void;
  /** A page that follows holds the fetching while open; returns the release. */
  follow: () => () => void;
  /** Set by the client while it runs: fetches at once; resolves true when the fetch answered and was good. */
  setRefetch: (refetch: (() => Promise<boolean>) | null) => void;
  /** null when there is nothing to fetch */
  refetch: () => Promise<boolean> | null;
};

/** A followed fetch starting at `initial`; `offOf` says what its state is once nothing follows it (itself when it is off already). */
export function followedFetch<S extends Followed>(
  initial: S,
  offOf: (current: S) => S,
): { store: FollowedFetch<S>; set: (next: S) => void } {
  let status = initial;
  let refetcher: (() => Promise<boolean>) | null = null;
  let followers = 0;
  const listeners = new Set<() => void>();
  const set = (next: S) => {
    status = next;
    listeners.forEach((l) => l());
  };
  const off = () => {
    const next = offOf(status);
    if (next !== status) set(next);
  };
  const store: FollowedFetch<S> = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => status,
    waiting: () => {
      if (status.mode === "off") set({ ...status, mode: "waiting" });
    },
    failed: (at, error) => set({ ...status, mode: "down", downSince: status.downSince ?? at, error }),
    stopped: off,
    follow: () => {
      followers += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        followers -= 1;
        // A page change unmounts the old page and mounts the next in one commit: the next may take the fetching over.
        void Promise.resolve().then(() => {
          if (followers === 0) off();
        });
      };
    },
    setRefetch: (refetch) => {
      refetcher = refetch;
    },
    refetch: () => (refetcher ? refetcher() : null),
  };
  return { store, set };
}
