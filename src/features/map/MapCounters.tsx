import type { StatusCounts as Counts } from "../../model/fleet/summary";
import { StatusCounts } from "../../components/domain/StatusCounts";

const COUNT_WORDING = {
  online: { title: "Online Servers", note: "Operational worldwide" },
  warning: { title: "Warning Status", note: "Needs attention" },
  offline: { title: "Offline Servers", note: "Connection failed" },
};

/** Online, warning and offline counts of the (live) fleet, in SPEC's words for the map. */
export function MapCounters({ counts }: { counts: Counts }) {
  return <StatusCounts counts={counts} {...COUNT_WORDING} />;
}
