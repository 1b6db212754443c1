/**
 * One server's page, complete without JavaScript: its state and check, its
 * history's figures with the charts the build drew and their tables, its
 * incidents, maintenance windows and alerts, and its badge.
 *
 * One piece (about 380 lines): its sections share one stylesheet and the
 * small elements made from it (facts, tables, folds), and read the one page
 * context the build gave (gatsby/pages/serverPages.ts); the figures themselves
 * are worked out in domain/checks/serverHistory.ts and model/server/.
 */
import { memo, useState, type ReactNode } from "react";
import { Link } from "gatsby";
import { serverPath } from "../../domain/kernel/paths";
import { unreachableWords } from "../../model/fleet/graphqlRecords";
import { formatMs } from "../../domain/kernel/format";
import { formatLongDuration } from "../../domain/kernel/time";
import { formatUptime } from "../../domain/checks/history";
import {
  describeDay,
  describeResponse,
  describeWindow,
  RESPONSE_LINES,
  SERVER_CHART_TITLES,
  type CheckFact,
  type ServerCharts,
  type ServerPageData,
} from "../../model/server/serverPage";
import { windowsAhead } from "../../domain/incidents/statusNotices";
import { IncidentEntry } from "../../components/domain/IncidentEntry";
import { MaintenanceEntry } from "../../components/domain/MaintenanceEntry";
import { useNow } from "../../components/ui/useNow";
import { UPTIME_BANDS } from "../../model/server/uptimeBands";
import type { ChartDrawings, PageDrawing } from "../../model/charts/chartDrawing";
import { UPTIME_WINDOWS, type ResponsePoint, type ServerHistoryFigures } from "../../domain/checks/serverHistory";
import type { Alert, Server } from "../../domain/kernel/types";
import type { PlaceSeen } from "../../domain/checks/outcome";
import { AlertTime } from "../../components/domain/AlertTime";
import { FigureSourceLabel } from "../../components/domain/FigureSourceLabel";
import { NoAnswer } from "../../components/domain/NoAnswer";
import { StatusBadge } from "../../components/domain/StatusBadge";
import { SubscribeMenu } from "../../components/domain/SubscribeMenu";
import { IsItMe } from "./IsItMe";
import { EditRecordLink } from "./EditRecordLink";
import { Badge } from "../../components/ui/Badge";
import { SectionCard } from "../../components/ui/Card";
import { ChartLegend } from "../../components/ui/ChartLegend";
import { DrawnChart } from "../../components/ui/DrawnChart";
import { PageHeader } from "../../components/ui/PageHeader";
import { TableHead } from "../../components/ui/TableHead";
import { BackLink, DetailStack, DetailStatus } from "../../components/ui/DetailPage";
import { classed } from "../../styles/classed";
import { CopyField } from "./CopyField";
import * as styles from "./ServerStory.module.css";
import { Fold } from "../../components/ui/Fold";

export type ServerStoryProps = {
  server: Server;
  /** the check in words; null: the server has no check */
  check: CheckFact[] | null;
  /** checks from several places: what each saw in the newest run; null or absent from one place */
  places?: readonly PlaceSeen[] | null;
  /** checks from several places: why the newest run kept an older result (too few places reported it); null or absent otherwise */
  held?: string | null;
  /** what the check job's history holds; null: nothing measured yet */
  history: ServerHistoryFigures | null;
  /** the alerts that name the server, newest first */
  alerts: readonly Alert[];
  badge: { image: string; endpoint: string; markdown: string };
  /** the server's published figures (/api/v1/servers/<id>.json) and its badge image, with the site's prefix */
  apiHref: string;
  badgeSrc: string;
  /** the server's figures are the live ones (simulated or from the feed), not the build's */
  live?: boolean;
  /** the history's charts, drawn by the build (gatsby/pages/serverCharts.ts); null: the tables only */
  charts?: ServerCharts | null;
  /** the server's place on the world map, drawn by the page */
  place?: ReactNode;
  /** the incidents and maintenance windows that name the server (gatsby/pages/serverPages.ts) */
  notices?: ServerPageData["notices"];
  /** the server's own figures against the objectives that name it (#48) */
  objectives?: ServerPageData["objectives"];
  /** a heartbeat's pings beside the times they were due (#49), said at build */
  pings?: ServerPageData["pings"];
  /** the address a reader's browser may ask ("Is it me?", #50); absent for a check it cannot ask */
  ask?: string;
};

/** An alert's type as the dashboard's Recent Alerts shows it. */
const ALERT_BADGE = { error: "destructive", warning: "secondary", info: "outline" } as const;

/** Where the Now card's figures come from: live (as on the other pages), or the build's until the page has the live ones. */
const SOURCE_WORDS = {
  live: {
    measured: "Measured by the check job.",
    simulated: "Simulated in the browser: this server has no check, so nothing is measured.",
    sample: "Sample figures from the site's content: the check has not run yet.",
  },
  built: {
    measured: "Measured by the check job, as of this page's build.",
    simulated: "Sample figures from the site's content, as of this page's build: this server has no check, so nothing is measured.",
    sample: "Sample figures from the site's content: the check has not run yet.",
  },
} as const;

/**
 * Where the Now card's figures come from: the build's words in the static HTML,
 * the live ones once the page is live, in one element whose text changes (a new
 * element would be a new, late Largest Contentful Paint). A hidden copy of the
 * longer words lies in the same place, so the card keeps its size and the page
 * below it does not move when it turns live.
 */
function SourceWords({ live, source }: { live: boolean; source: Server["source"] }) {
  const built = SOURCE_WORDS.built[source];
  const now = SOURCE_WORDS.live[source];
  return (
    <span className={styles.sourceWords}>
      <span aria-hidden="true" className={styles.sizer}>
        {built.length >= now.length ? built : now}
      </span>
      <span>{live ? now : built}</span>
    </span>
  );
}

/** What the check saw, without the cause the Why fact above it says already. */
function checkWords(server: Server): string | null {
  const cause = server.unreachableBecause ? `${unreachableWords(server.unreachableBecause.name)}; ` : null;
  return cause && server.detail?.startsWith(cause) ? server.detail.slice(cause.length) : server.detail;
}

/** The headline time's name: from several places it is the median of those that reached the server, and says so. */
function responseTimeTerm(places: readonly PlaceSeen[] | null): string {
  if (!places) return "Response time";
  const reached = places.filter((p) => p.status !== "offline" && p.responseTime !== null);
  if (reached.length === 0) return "Response time";
  return reached.length === 1 ? `Response time (from ${reached[0].location})` : `Response time (median of ${reached.length} places)`;
}

/**
 * One server's page: its state now, its check, its uptime over four windows,
 * 90 daily bars, response times hourly and daily, the alerts that name it, its
 * badge and its place. Every figure is in the static HTML (charts and tables);
 * a server without a measured history says so and shows what the content says.
 */
export function ServerStory({
  server,
  check,
  places = null,
  held = null,
  history,
  alerts,
  badge,
  apiHref,
  badgeSrc,
  charts = null,
  place,
  notices,
  objectives = [],
  pings,
  ask,
  live = false,
}: ServerStoryProps) {
  return (
    <DetailStack>
      <BackLink to="/servers">← All servers</BackLink>
      <PageHeader title={server.name} subtitle={`${server.location} · ${server.ip}`} actions={<SubscribeMenu server={server} />}>
        <DetailStatus>
          <StatusBadge status={server.status} />
          <FigureSourceLabel server={server} />
        </DetailStatus>
      </PageHeader>

      <SectionCard title="Now" description={<SourceWords live={live} source={server.source} />}>
        <Facts>
          <Fact term="Status">
            <StatusBadge status={server.status} />
          </Fact>
          <Fact term={server.responseTime === null ? "Response time" : responseTimeTerm(places)}>
            {server.responseTime === null ? <NoAnswer status={server.status} /> : formatMs(server.responseTime)}
          </Fact>
          <Fact term={server.source === "measured" ? "Checked" : "Figures of"}>
            <AlertTime timestamp={server.lastChecked} />
          </Fact>
          {server.unreachableBecause ? (
            <Fact term="Why it is down">
              Unreachable because <Link to={serverPath(server.unreachableBecause.id)}>{server.unreachableBecause.name}</Link> is down (it
              depends on it).
            </Fact>
          ) : null}
          {server.detail ? <Fact term="What the check saw">{checkWords(server)}</Fact> : null}
          {held ? <Fact term="Not updated by the newest run">Its state holds: {held}.</Fact> : null}
          {server.certificateExpires ? (
            <Fact term="Certificate expires">
              <AlertTime timestamp={server.certificateExpires} />
            </Fact>
          ) : null}
          {/* With a history, the Uptime section below says it, with what it covers. */}
          {history ? null : <Fact term="Uptime (30 days)">{server.uptime}</Fact>}
          {ask ? (
            <Fact term="From your browser">
              <IsItMe url={ask} server={server} />
            </Fact>
          ) : null}
        </Facts>
      </SectionCard>

      <RecordSections
        name={server.name}
        check={check}
        places={places}
        history={history}
        charts={charts}
        notices={notices}
        objectives={objectives}
        pings={pings}
        alerts={alerts}
        badge={badge}
        apiHref={apiHref}
        badgeSrc={badgeSrc}
      />

      {place ? (
        <SectionCard title="Location" description={`${server.location} (${server.coordinates[1]}, ${server.coordinates[0]})`}>
          {place}
        </SectionCard>
      ) : null}
      {/* last on the page: a link that appears once the page knows it has an editor moves nothing */}
      <EditRecordLink server={server} />
    </DetailStack>
  );
}

type RecordSectionsProps = Pick<ServerStoryProps, "check" | "history" | "alerts" | "badge" | "apiHref" | "badgeSrc" | "pings"> & {
  name: string;
  places: ServerStoryProps["places"];
  charts: ServerStoryProps["charts"];
  notices: ServerStoryProps["notices"];
  objectives: NonNullable<ServerStoryProps["objectives"]>;
};

/**
 * Everything the build knows and the page does not change: the check, each
 * place, the history, the notices, the alerts and the badge. Memoised on the
 * page's own data, so a live update (a simulated tick, a fetched feed) redraws
 * the Now card and the header only, not the tables of a 90-day history.
 */
const RecordSections = memo(function RecordSections({
  name,
  check,
  places = null,
  history,
  charts = null,
  notices,
  objectives,
  pings,
  alerts,
  badge,
  apiHref,
  badgeSrc,
}: RecordSectionsProps) {
  return (
    <>
      <SectionCard
        title="Check"
        empty={check === null}
        emptyText="This server has no check: the site shows the figures its content gives, and keeps no measured history for it."
      >
        {check ? (
          <Facts>
            {check.map((fact) => (
              <Fact key={fact.term} term={fact.term}>
                {fact.term === "Address" ? <code>{fact.value}</code> : fact.value}
              </Fact>
            ))}
          </Facts>
        ) : null}
      </SectionCard>

      {pings ? (
        <SectionCard title={pings.said[0]} description={pings.said[1]}>
          <FigureTable open caption={pings.said[2]} heads={pings.heads}>
            {pings.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </FigureTable>
        </SectionCard>
      ) : null}

      {places ? (
        <SectionCard title="From each place" description="The newest run: the server's state above is theirs by quorum.">
          <FigureTable open caption="What each place saw in the newest run" heads={["Place", "State", "Response time", "What it saw"]}>
            {places.map((place) => (
              <tr key={place.location}>
                <th scope="row">{place.location}</th>
                <td>
                  <StatusBadge status={place.status} />
                </td>
                <td>{place.responseTime === null ? <NoAnswer /> : formatMs(place.responseTime)}</td>
                <td>{place.detail}</td>
              </tr>
            ))}
          </FigureTable>
          {history?.places24h ? (
            <FigureTable open caption="Each place over the last 24 hours" heads={["Place", "Answers", "Median", "95th percentile"]}>
              {history.places24h.map((place) => (
                <tr key={place.location}>
                  <th scope="row">{place.location}</th>
                  <td>{place.answered}</td>
                  <td>{place.median === null ? <NoAnswer /> : formatMs(place.median)}</td>
                  <td>{place.p95 === null ? <NoAnswer /> : formatMs(place.p95)}</td>
                </tr>
              ))}
            </FigureTable>
          ) : null}
        </SectionCard>
      ) : null}

      {history ? (
        <HistorySections history={history} charts={charts} apiHref={apiHref} />
      ) : (
        <SectionCard title="History">
          <Note>
            {check === null
              ? "No measured history: this server has no check."
              : "No measured history yet: the check job has not recorded this server's checks. The history appears after its next run and build."}
          </Note>
        </SectionCard>
      )}

      {objectives.length > 0 ? (
        <SectionCard
          title="Objectives"
          description="This server's own figures against each objective that counts it; the objective's whole group is on its page."
        >
          {objectives.map((figures) => (
            <ObjectiveBlock key={figures.id}>
              <ObjectiveName>
                <Link to={`/objectives#${figures.id}`}>{figures.name}</Link>
                {figures.serverCount > 1 ? ` (one of its ${figures.serverCount} servers)` : null}
              </ObjectiveName>
              {/* said at build (gatsby/pages/serverPages.ts): the page's script carries none of their words */}
              <Facts>
                {figures.facts.map(([term, value]) => (
                  <Fact key={term} term={term}>
                    {value}
                  </Fact>
                ))}
              </Facts>
            </ObjectiveBlock>
          ))}
        </SectionCard>
      ) : null}

      {notices ? <ServerNotices notices={notices} /> : null}

      <SectionCard
        title="Alerts"
        description="Alerts that name this server, newest first."
        empty={alerts.length === 0}
        emptyText="No alerts name this server."
      >
        <Events>
          {alerts.map((alert) => (
            <li key={alert.id} data-type={alert.type}>
              <EventTime>
                <Badge variant={ALERT_BADGE[alert.type]}>{alert.type}</Badge> <AlertTime timestamp={alert.timestamp} />
              </EventTime>
              <span>{alert.message}</span>
            </li>
          ))}
        </Events>
      </SectionCard>

      <div id="badge">
        <SectionCard title="Badge" description="The server's state as an image to show elsewhere; it changes with every build.">
          <BadgeImage src={badgeSrc} alt={`${name} status badge`} height={20} />
          <CopyField label="Markdown" value={badge.markdown} />
          <CopyField label="shields.io endpoint" value={badge.endpoint} />
          <Note>
            The figures of this page as data: <a href={apiHref}>{apiHref}</a>
          </Note>
        </SectionCard>
      </div>
    </>
  );
});

function HistorySections({ history, charts, apiHref }: { history: ServerHistoryFigures; charts: ServerCharts | null; apiHref: string }) {
  // A date and a time: the first check can be a year old.
  const measuredSince = history.firstCheck ? <AlertTime timestamp={history.firstCheck} /> : null;
  return (
    <>
      <SectionCard
        title="Uptime"
        description={
          <>Share of checks that found the server up (online or warning). {measuredSince ? <>Measured since {measuredSince}.</> : null}</>
        }
      >
        <Windows>
          {history.uptime.map((window) => {
            const words = describeWindow(window, history.asOf);
            const label = UPTIME_WINDOWS.find((w) => w.key === window.key)?.label ?? window.key;
            return (
              <li key={window.key} data-window={window.key}>
                <WindowLabel>{label}</WindowLabel>
                <WindowFigure>{words.figure}</WindowFigure>
                <WindowNote>{words.checks}</WindowNote>
                {words.covers ? <WindowNote>{words.covers}</WindowNote> : null}
              </li>
            );
          })}
        </Windows>
      </SectionCard>

      <SectionCard
        title="Last 90 days"
        description="Each UTC day's uptime, oldest on the left. A day without checks is drawn grey (no data)."
        aside={<ChartLegend label="Bands" items={BAND_KEYS} shape="block" />}
      >
        {charts ? (
          <DrawnChart drawings={charts.bars} labels={history.days.map(describeDay)} title={SERVER_CHART_TITLES.bars} start="last" />
        ) : null}
        <FigureTable
          caption="Uptime per day (UTC), newest first"
          heads={["Day", "Uptime", "Checks up", "Checks", "Not checked"]}
          onOpen={<InPublishedFile href={apiHref} />}
        >
          {[...history.days].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.total === 0 ? "no data" : formatUptime(day.up, day.total)}</td>
              <td>{day.total === 0 ? "—" : day.up}</td>
              <td>{day.total}</td>
              <td>{day.notCheckedMs ? `about ${formatLongDuration(day.notCheckedMs)}` : "—"}</td>
            </tr>
          ))}
        </FigureTable>
      </SectionCard>

      <ResponseSection unit="hour" points={history.hourly} drawings={charts?.hourly ?? null} apiHref={apiHref} />
      <ResponseSection unit="day" points={history.daily} drawings={charts?.daily ?? null} apiHref={apiHref} />
    </>
  );
}

const BAND_KEYS = UPTIME_BANDS.map((b) => ({ key: b.band, label: b.label, color: b.color }));

/** The words of the two response-time sections, by the span of their points. */
const RESPONSE_SECTIONS = {
  hour: {
    title: "Response time, last 7 days",
    description: "Median and 95th percentile of the answers in each hour (UTC); a gap where nothing answered.",
    chart: SERVER_CHART_TITLES.hourly,
    caption: "Response time per hour (UTC), newest first",
  },
  day: {
    title: "Response time, last 90 days",
    description: "Median and 95th percentile of the answers in each UTC day; a gap where nothing answered.",
    chart: SERVER_CHART_TITLES.daily,
    caption: "Response time per day (UTC), newest first",
  },
} as const;

/** Response times per hour or per day: the build's chart (when drawn), its key, and the table of its figures. */
function ResponseSection({
  unit,
  points,
  drawings,
  apiHref,
}: {
  unit: "hour" | "day";
  points: readonly ResponsePoint[];
  drawings: ChartDrawings<PageDrawing> | null;
  apiHref: string;
}) {
  const words = RESPONSE_SECTIONS[unit];
  return (
    <SectionCard title={words.title} description={words.description} aside={<ChartLegend label="Lines" items={RESPONSE_LINES} />}>
      {drawings ? (
        <DrawnChart drawings={drawings} labels={points.map((p) => describeResponse(p, unit))} title={words.chart} start="last" />
      ) : null}
      <ResponseTable caption={words.caption} points={points} unit={unit} apiHref={apiHref} />
    </SectionCard>
  );
}

const pointLabel = (at: string, unit: "hour" | "day") => (unit === "day" ? at.slice(0, 10) : `${at.slice(0, 10)} ${at.slice(11, 16)}`);

/**
 * A response chart's figures, made when its fold is first opened: 168 hours and 90 days of rows
 * were a fifth of each of 10,000 server pages, and the 90 days' uptime another eighth (#45). Without JavaScript the fold points to the
 * same figures in the server's published file.
 */
function ResponseTable({
  caption,
  points,
  unit,
  apiHref,
}: {
  caption: string;
  points: readonly ResponsePoint[];
  unit: "hour" | "day";
  apiHref: string;
}) {
  const rows = points.filter((p) => p.total > 0).reverse();
  return (
    <FigureTable
      caption={caption}
      heads={[unit === "hour" ? "Hour" : "Day", "Median", "95th percentile", "Answered"]}
      onOpen={<InPublishedFile href={apiHref} />}
    >
      {rows.map((p) => (
        <tr key={p.at}>
          <th scope="row">{pointLabel(p.at, unit)}</th>
          <td>{p.median === null ? "no answer" : formatMs(p.median)}</td>
          <td>{p.p95 === null ? "no answer" : formatMs(p.p95)}</td>
          <td>{p.answered === null ? `times not kept (${p.total} checks)` : `${p.answered} of ${p.total}`}</td>
        </tr>
      ))}
    </FigureTable>
  );
}

/** What a fold holds until its table is made: where the same figures are without JavaScript. */
function InPublishedFile({ href }: { href: string }) {
  return (
    <Note>
      These figures are also in the server&apos;s published file: <a href={href}>{href}</a>
    </Note>
  );
}

/**
 * A table behind a fold (the figures of a chart above it), or open where it is the only telling (`open`).
 * With `onOpen`, the table is made when the fold is first opened, and `onOpen` is what the fold holds until then.
 */
function FigureTable({
  caption,
  heads,
  children,
  open = false,
  onOpen,
}: {
  caption: string;
  heads: string[];
  children: ReactNode;
  open?: boolean;
  onOpen?: ReactNode;
}) {
  const [opened, setOpened] = useState(onOpen === undefined);
  if (!opened)
    return (
      <Fold
        open={open}
        onToggle={(event) => setOpened(event.currentTarget.open)}
        // opened before the page was live (no toggle reached React): made at once
        ref={(fold: HTMLDetailsElement | null) => {
          if (fold?.open) setOpened(true);
        }}
      >
        <summary>{caption}</summary>
        {onOpen}
      </Fold>
    );
  return (
    <Fold open={open}>
      <summary>{caption}</summary>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
      <TableScroll tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <TableHead heads={heads} />
          <tbody>{children}</tbody>
        </table>
      </TableScroll>
    </Fold>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <FactRow>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </FactRow>
  );
}

const Facts = classed("dl", styles.facts);
const FactRow = classed("div", styles.fact);
const Note = classed("p", styles.note);
const Windows = classed("ul", styles.windows);
const WindowLabel = classed("span", styles.windowLabel);
const WindowFigure = classed("span", styles.windowFigure);
const WindowNote = classed("span", styles.windowNote);
const Events = classed("ol", styles.events);

/** The incidents (open, then resolved in the last 90 days) and the maintenance windows that name the server. */
function ServerNotices({ notices }: { notices: NonNullable<ServerPageData["notices"]> }) {
  const now = useNow() ?? Date.parse(notices.builtAt);
  const ahead = windowsAhead(notices.windows, now);
  const empty = notices.incidents.length === 0 && ahead.length === 0;
  return (
    <SectionCard
      title="Incidents and maintenance windows"
      description="Incidents that name this server (open, and resolved in the last 90 days) and its scheduled maintenance."
      empty={empty}
      emptyText="No incident or maintenance names this server."
    >
      <Events>
        {notices.incidents.map((incident) => (
          <li key={incident.id}>
            <IncidentEntry incident={incident} />
          </li>
        ))}
        {ahead.map(({ window, next }) => (
          <li key={window.id}>
            <MaintenanceEntry next={next} inProgress={Date.parse(next[0].start) <= now} />
          </li>
        ))}
      </Events>
    </SectionCard>
  );
}
const EventTime = classed("span", styles.eventTime);
const BadgeImage = classed("img", styles.badgeImage);
const TableScroll = classed("div", styles.tableScroll);
const ObjectiveBlock = classed("div", styles.objective);
const ObjectiveName = classed("p", styles.objectiveName);
