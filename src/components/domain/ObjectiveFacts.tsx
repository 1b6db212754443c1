import { FactList } from "../ui/FactList";
import {
  BURN_ALERT_WORDS,
  attainedWords,
  budgetWords,
  burnAlert,
  burnWords,
  remainingWords,
  targetWords,
  unknownWords,
  type ObjectiveFigures,
} from "../../model/objectives/objectivesPage";

/**
 * An objective's figures as terms and values (#48): its target, what was
 * attained, its error budget and what is left of it, the window's unknown
 * slots, and how fast it burns now, with what that calls for. The same on
 * /objectives (a group's) and on a server's page (the server's own).
 */
export function ObjectiveFacts({ figures }: { figures: ObjectiveFigures }) {
  const alert = burnAlert(figures);
  return (
    <FactList
      facts={[
        ["Target", targetWords(figures)],
        ["Attained", attainedWords(figures)],
        ["Error budget", budgetWords(figures)],
        ["Budget left", remainingWords(figures)],
        ["Not checked", unknownWords(figures)],
        ["Burn rate now", burnWords(figures)],
        ["Alert", figures.burnRates === null ? "—" : BURN_ALERT_WORDS[alert ?? "none"]],
      ]}
    />
  );
}
