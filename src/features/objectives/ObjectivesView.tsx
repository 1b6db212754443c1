import { Link } from "gatsby";
import { SectionCard, CardDescription } from "../../components/ui/Card";
import { DataTable } from "../../components/ui/DataTable";
import { DrawnChart } from "../../components/ui/DrawnChart";
import { Fold } from "../../components/ui/Fold";
import { ObjectiveFacts } from "../../components/domain/ObjectiveFacts";
import { classed } from "../../styles/classed";
import * as styles from "./ObjectivesView.module.css";
import { serverPath } from "../../domain/kernel/paths";
import {
  BUDGET_CHART_TITLE,
  budgetDayWords,
  dayLeftWords,
  dayShareWords,
  type ObjectivesContext,
  type ObjectiveSection,
} from "../../model/objectives/objectivesPage";
import { OBJECTIVES_API_PATH } from "../../publish/objectivesData";

/**
 * The objectives (#48): each one of content/objectives.json with its figures
 * as /api/v1/objectives.json publishes them, its budget over its window drawn
 * at build, and the days as a table; every figure in the static HTML.
 */
export function ObjectivesView({ asOf, objectives }: ObjectivesContext) {
  if (objectives.length === 0) {
    return (
      <SectionCard title="No objectives yet">
        <CardDescription>
          An objective promises a share of good checks over a window (say 99.9 % over 30 days) for one server or a group. Add one in
          content/objectives.json (or the web editor&apos;s Objectives): this page then shows what was attained, the error budget and what
          is left of it, and how fast it burns.
        </CardDescription>
      </SectionCard>
    );
  }
  return (
    <Stack>
      <CardDescription>
        {asOf ? `Measured by the check job, as of ${asOf.slice(0, 16).replace("T", " ")} UTC. ` : "The check job has not run yet. "}A slot
        is one of the job&apos;s usual intervals: good when a check found the server up, bad when down, unknown when no check came (counted
        neither). The figures as data: <a href={OBJECTIVES_API_PATH}>{OBJECTIVES_API_PATH}</a>
      </CardDescription>
      {objectives.map((section) => (
        <ObjectiveCard key={section.figures.id} section={section} />
      ))}
    </Stack>
  );
}

function ObjectiveCard({ section: { figures, servers, days, chart } }: { section: ObjectiveSection }) {
  const more = figures.serverCount - servers.length;
  return (
    <div id={figures.id}>
      <SectionCard
        title={figures.name}
        description={
          <>
            {figures.serverCount === 1 ? "One server: " : `${figures.serverCount} servers: `}
            {servers.map((s, i) => (
              <span key={s.id}>
                {i > 0 ? ", " : null}
                <Link to={serverPath(s.id)}>{s.name}</Link>
              </span>
            ))}
            {more > 0 ? ` and ${more} more` : null}.
          </>
        }
      >
        <ObjectiveFacts figures={figures} />
        {chart ? (
          <>
            <ChartTitle>{BUDGET_CHART_TITLE} (%)</ChartTitle>
            <DrawnChart drawings={chart} labels={days.map(budgetDayWords)} title={`${figures.name}: ${BUDGET_CHART_TITLE}`} start="last" />
          </>
        ) : null}
        {days.length > 0 ? (
          <Fold>
            <summary>The days as a table</summary>
            <DataTable
              label={`${figures.name}: the budget each day`}
              caption={`${figures.name}: slots down and the budget left at the end of each UTC day, newest first`}
              heads={["Day", "Slots down", "Budget left", "Share left"]}
              rows={[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td>{d.bad}</td>
                  <td>{dayLeftWords(d)}</td>
                  <td>{dayShareWords(d)}</td>
                </tr>
              ))}
            />
          </Fold>
        ) : null}
      </SectionCard>
    </div>
  );
}

const Stack = classed("div", styles.stack);
const ChartTitle = classed("p", styles.chartTitle);
