import { Link } from "gatsby";
import { memo } from "react";
import { serverPath } from "../../domain/kernel/paths";
import type { Server } from "../../domain/kernel/types";
import { statusLabel, statusPulses, statusTone } from "../../domain/kernel/status";
import { formatMs } from "../../domain/kernel/format";
import { Card } from "../ui/Card";
import { CheckedTime } from "./CheckedTime";
import { FigureSourceLabel } from "./FigureSourceLabel";
import { NoAnswer } from "./NoAnswer";
import { UptimeFigure } from "./UptimeFigure";
import { ServerStatusDot } from "./ServerStatusDot";
import { classed } from "../../styles/classed";
import * as styles from "./ServerCard.module.css";

type ServerCardProps = { server: Server };

/**
 * One server: name, status, ip, location, uptime, response time and last check,
 * and where those figures come from (measured, simulated or a sample).
 * SPEC: online and offline show a pulsing indicator in their colour; any other
 * status (warning included) has a neutral, muted look, with a still dot.
 * Memoised: a keystroke in a search, or a tick that leaves this server as it
 * was, does not draw it again.
 */
export const ServerCard = memo(function ServerCard({ server }: ServerCardProps) {
  const tone = statusPulses(server.status) ? statusTone(server.status) : "neutral";
  return (
    <Card as="article">
      <Top>
        <Name>
          <Link to={serverPath(server.id)}>{server.name}</Link>
        </Name>
        <Status $tone={tone}>
          <ServerStatusDot status={server.status} />
          {statusLabel(server.status)}
        </Status>
      </Top>
      <Facts>
        <Fact>
          <dt>IP</dt>
          <dd>
            <Mono>{server.ip}</Mono>
          </dd>
        </Fact>
        <Fact>
          <dt>Location</dt>
          <dd>{server.location}</dd>
        </Fact>
        <Fact>
          <dt>Uptime</dt>
          <dd>
            <UptimeFigure server={server} />
          </dd>
        </Fact>
        <Fact>
          <dt>Response</dt>
          <dd>{server.responseTime === null ? <NoAnswer status={server.status} /> : formatMs(server.responseTime)}</dd>
        </Fact>
        <Fact>
          <dt>Last checked</dt>
          <dd>
            <CheckedTime iso={server.lastChecked} />
          </dd>
        </Fact>
      </Facts>
      <Source>
        <FigureSourceLabel server={server} />
        {server.detail ? ` · ${server.detail}` : null}
      </Source>
    </Card>
  );
});

/** Server cards side by side, wrapping. */
export const ServerGrid = classed("div", styles.serverGrid);

const Top = classed("div", styles.top);

const Name = classed("h3", styles.name);

const Status = classed<"span", { $tone: ReturnType<typeof statusTone> }>("span", styles.status);

const Facts = classed("dl", styles.facts);

const Fact = classed("div", styles.fact);

/** Where the figures come from, under them. */
const Source = classed("p", styles.source);

const Mono = classed("span", styles.mono);
