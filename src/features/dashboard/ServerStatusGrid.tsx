import { Link } from "gatsby";
import { useMemo, useState } from "react";
import { Button } from "../../components/ui/Button";
import { problemsFirst } from "../../domain/kernel/status";
import { formatCount } from "../../domain/kernel/format";
import type { LiveFleet } from "../../state/useLiveFleet";
import type { Server } from "../../domain/kernel/types";
import type { ShownVerdicts } from "./askShown";
import { SectionCard } from "../../components/ui/Card";
import { ServerCard, ServerGrid } from "../../components/domain/ServerCard";
import { classed } from "../../styles/classed";
import * as styles from "./ServerStatusGrid.module.css";

/** The dashboard shows this many server cards; a larger fleet shows the ones that most need attention. */
export const DASHBOARD_CARDS = 12;

/**
 * A card per server with its live values, in the editors' order, while they fit;
 * a larger fleet shows the DASHBOARD_CARDS servers that most need attention and
 * sends the reader to Server Management for the rest.
 */
export function ServerStatusGrid({ fleet }: { fleet: LiveFleet }) {
  const { servers, figures } = fleet;
  const all = figures.total <= DASHBOARD_CARDS;
  const shown = useMemo(() => (all ? servers : problemsFirst(servers, DASHBOARD_CARDS)), [all, servers]);
  return (
    <SectionCard title="Server Status" empty={figures.total === 0} emptyText="No servers are listed yet.">
      {all ? null : (
        <More>
          The {shown.length} of {formatCount(figures.total)} servers that most need attention.{" "}
          <Link to="/servers">See all {formatCount(figures.total)} servers</Link>
        </More>
      )}
      <ServerGrid>
        {shown.map((server) => (
          <ServerCard key={server.id} server={server} />
        ))}
      </ServerGrid>
      <AskShown servers={shown} />
    </SectionCard>
  );
}

/** "Is it me?" (#50): the servers shown, asked from the reader's browser on a click (askShown.ts loads then). */
function AskShown({ servers }: { servers: readonly Server[] }) {
  const [said, setSaid] = useState<ShownVerdicts | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = () => {
    if (asking) return;
    setAsking(true);
    setSaid(null);
    import("./askShown")
      .then((m) => m.askShown(servers))
      .then(setSaid, () => setSaid({ summary: "It could not load: reload the page to try again.", verdicts: [] }))
      .finally(() => setAsking(false));
  };
  return (
    <div className={styles.ask}>
      <Button $variant="outline" $size="sm" aria-disabled={asking} onClick={ask}>
        Is it me? Ask these servers from here
      </Button>
      {/* The summary is announced; the verdicts are read at the reader's pace. */}
      <p role="status">{asking ? "Asking from your browser…" : (said?.summary ?? "")}</p>
      {said && said.verdicts.length > 0 ? (
        <ul aria-label="From your browser">
          {said.verdicts.map((verdict) => (
            <li key={verdict.id}>{verdict.text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const More = classed("p", styles.more);
