/**
 * Dependencies (#47): a server may name the servers it cannot be reached
 * without (servers.json's dependsOn). When it is confirmed offline while one
 * of those is too, its fall is that one's: the root cause gets one alert and
 * one notice naming how many depend on it, and the dependent's page says why
 * it is unreachable. Pure: the job (run.ts, notify/plan.ts) and the content's
 * validation (content/relations.ts) share these rules.
 */
import type { MeasuredStatus } from "./outcome";

/** Each server's dependencies, by id, in the order the editor wrote them. */
export type DependencyGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The root cause of each offline server's fall: for a server confirmed offline,
 * the first of its dependencies (in the editor's order) that is offline too,
 * followed up to the offline server nothing offline is behind. Servers whose
 * state is unknown (not in `states`) are never a cause. A cycle (which
 * validation refuses) ends the walk where it would repeat.
 */
export function rootCauses(states: ReadonlyMap<string, MeasuredStatus>, graph: DependencyGraph): Map<string, string> {
  const roots = new Map<string, string>();
  /** The offline server behind `id` that nothing offline is behind (itself when none), never passing through `seen`. */
  const rootOf = (id: string, seen: Set<string>): string => {
    const known = roots.get(id);
    if (known !== undefined) return known;
    seen.add(id);
    for (const next of graph.get(id) ?? []) {
      if (seen.has(next) || states.get(next) !== "offline") continue;
      return rootOf(next, seen);
    }
    return id;
  };
  for (const [id, state] of states) {
    if (state !== "offline" || !graph.has(id)) continue;
    const root = rootOf(id, new Set());
    if (root !== id) roots.set(id, root);
  }
  return roots;
}

/**
 * A cycle of dependencies, as the ids along it from the first back to it
 * (["a", "b", "a"]), or null when there is none. Dependencies on ids the
 * graph does not hold are followed no further (validation names them).
 */
export function dependencyCycle(graph: DependencyGraph): string[] | null {
  const done = new Set<string>();
  for (const start of graph.keys()) {
    if (done.has(start)) continue;
    // An explicit stack (a fleet's chains may be long): each entry a server and the index of its next dependency to follow.
    const path: string[] = [];
    const onPath = new Set<string>();
    const stack: Array<{ id: string; next: number }> = [{ id: start, next: 0 }];
    path.push(start);
    onPath.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const deps = graph.get(top.id) ?? [];
      if (top.next >= deps.length) {
        stack.pop();
        path.pop();
        onPath.delete(top.id);
        done.add(top.id);
        continue;
      }
      const dep = deps[top.next];
      top.next += 1;
      if (onPath.has(dep)) return [...path.slice(path.indexOf(dep)), dep];
      if (done.has(dep) || !graph.has(dep)) continue;
      stack.push({ id: dep, next: 0 });
      path.push(dep);
      onPath.add(dep);
    }
  }
  return null;
}

/**
 * Each server's dependency groups (#47: a route's groups): itself and every
 * server it depends on, directly or through others; worked out once a server.
 */
export function dependencyGroups(graph: DependencyGraph): (id: string) => ReadonlySet<string> {
  const known = new Map<string, Set<string>>();
  return (id) => {
    const cached = known.get(id);
    if (cached) return cached;
    const groups = new Set<string>([id]);
    const stack = [...(graph.get(id) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (groups.has(next)) continue;
      groups.add(next);
      stack.push(...(graph.get(next) ?? []));
    }
    known.set(id, groups);
    return groups;
  };
}

/** The most names a message lists of a root's dependents; the rest are counted. */
export const DEPENDENT_NAMES = 10;

/** "A, B and C"; past DEPENDENT_NAMES (or when `total` says there are more than named), the first ones and "and 39 more". */
export function namesWithCount(names: readonly string[], total = names.length): string {
  const shown = names.slice(0, DEPENDENT_NAMES);
  const more = total - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** "1 server that depends on it is unreachable" / "49 servers that depend on it are unreachable" (or "answer again"). */
export function dependentsWords(count: number, back: boolean): string {
  if (back) return count === 1 ? "1 server that depends on it answers again" : `${count} servers that depend on it answer again`;
  return count === 1 ? "1 server that depends on it is unreachable" : `${count} servers that depend on it are unreachable`;
}
