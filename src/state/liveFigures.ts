import { fleetFigures, type FleetFigures } from "../model/fleet/summary";
import type { Server } from "../domain/kernel/types";

/**
 * The figures of a snapshot of the live servers, worked out once per snapshot: the
 * page, the sidebar and the top bar all show them, and at 10,000 servers each pass
 * is a millisecond or two of every tick.
 */
const figuresOfSnapshot = new WeakMap<readonly Server[], FleetFigures>();
export function liveFigures(servers: readonly Server[]): FleetFigures {
  let figures = figuresOfSnapshot.get(servers);
  if (!figures) {
    figures = fleetFigures(servers);
    figuresOfSnapshot.set(servers, figures);
  }
  return figures;
}
