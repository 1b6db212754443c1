import { formatUtcClock, parseTime } from "../../domain/kernel/format";
import { formatAge } from "../../domain/kernel/time";
import type { Server } from "../../domain/kernel/types";
import { useNow } from "../ui/useNow";

/**
 * Where a server's figures come from and how fresh they are: 'Checked 3 min
 * ago', 'Simulated', or 'Sample, not checked yet'. Before the page is live (the
 * static HTML) a measured server says the time of its check in UTC.
 */
export function FigureSourceLabel({ server, className }: { server: Server; className?: string }) {
  const now = useNow();
  let text: string;
  if (server.source === "measured") {
    const at = parseTime(server.lastChecked);
    text = !at ? "Measured" : now === null ? `Checked ${formatUtcClock(at)}` : `Checked ${formatAge(now - at.getTime())}`;
  } else if (server.source === "simulated") {
    text = "Simulated";
  } else {
    text = "Sample, not checked yet";
  }
  return (
    <span className={className} data-source={server.source}>
      {text}
    </span>
  );
}
