import { FactList } from "../ui/FactList";
import { objectiveFacts, type ObjectiveFigures } from "../../model/objectives/objectivesPage";

/**
 * An objective's figures as terms and values (#48): its target, what was
 * attained, its error budget and what is left of it, the window's unknown
 * slots, and how fast it burns now, with what that calls for.
 */
export function ObjectiveFacts({ figures }: { figures: ObjectiveFigures }) {
  return <FactList facts={objectiveFacts(figures)} />;
}
