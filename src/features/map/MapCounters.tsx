import type { Server } from "../../model/types";
import { countByStatus } from "../../model/summary";
import { StatusCounts } from "../../components/domain/StatusCounts";

/** Online, warning and offline counts of the (live) servers, in SPEC's words for the map. */
export function MapCounters({ servers }: { servers: readonly Server[] }) {
  return (
    <StatusCounts
      counts={countByStatus(servers)}
      online={{ title: "Online Servers", note: "Operational worldwide" }}
      warning={{ title: "Warning Status", note: "Needs attention" }}
      offline={{ title: "Offline Servers", note: "Connection failed" }}
    />
  );
}
