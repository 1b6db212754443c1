import { memo } from "react";
import type { StatusCounts as Counts } from "../../model/fleet/summary";
import { StatCard, StatGrid } from "../ui/StatCard";
import { ServerStatusDot } from "./ServerStatusDot";

type Wording = { title: string; note: string };

type StatusCountsProps = {
  counts: Counts;
  /** each page words its three cards its own way (SPEC) */
  online: Wording;
  warning: Wording;
  offline: Wording;
};

/**
 * Three cards: how many servers are online, in warning and offline, each with its
 * status colour. Memoised (give it wording that does not change between renders).
 */
export const StatusCounts = memo(function StatusCounts({ counts, ...wording }: StatusCountsProps) {
  return (
    <StatGrid>
      {(["online", "warning", "offline"] as const).map((status) => (
        <StatCard
          key={status}
          title={wording[status].title}
          value={counts[status]}
          $tone={status}
          note={wording[status].note}
          icon={<ServerStatusDot status={status} />}
        />
      ))}
    </StatGrid>
  );
});
