import { classed } from "../../styles/classed";
import * as styles from "./FactList.module.css";

/** Figures as terms and values, in as many columns as fit. */
export function FactList({ facts }: { facts: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Facts>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Facts>
  );
}

const Facts = classed("dl", styles.facts);
