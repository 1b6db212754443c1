import type { Server } from "../../src/model/types";

let next = 0;

/** A valid server; override what the test is about. */
export function makeServer(overrides: Partial<Server> = {}): Server {
  next += 1;
  return {
    id: `srv-${next}`,
    name: `Server-${next}`,
    ip: `192.0.2.${next % 250}`,
    location: "Dublin, Ireland",
    status: "online",
    uptime: "99.9%",
    responseTime: 42,
    lastChecked: "2026-11-23T10:00:00Z",
    coordinates: [-6.26, 53.35],
    source: "simulated",
    detail: null,
    ...overrides,
  };
}
