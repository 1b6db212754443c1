import type { SecurityAlert } from "../../domain/kernel/types";
import type { SecurityScan } from "../../model/security/securityPage";
import { classed } from "../../styles/classed";
import { ScoreRules } from "./ScoreRules";
import { SecurityAlerts } from "./SecurityAlerts";
import * as styles from "./SecurityBody.module.css";

/** The Security Center under its cards: the alerts (the job's findings and the editors'), then how the score is counted. */
export function SecurityBody({ alerts, scan }: { alerts: readonly SecurityAlert[]; scan: SecurityScan | null }) {
  return (
    <Stack>
      <SecurityAlerts alerts={alerts} findings={scan?.findings ?? []} />
      <ScoreRules scan={scan} />
    </Stack>
  );
}

const Stack = classed("div", styles.stack);
