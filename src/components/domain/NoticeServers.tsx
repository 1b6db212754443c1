import { Link } from "gatsby";
import { Fragment } from "react";
import { serverPath } from "../../domain/kernel/paths";
import type { NoticeServer } from "../../domain/incidents/statusNotices";

/**
 * "Affects: EU-West-1, US-East-1", each a link to its server's page. Phrasing
 * content only (no list): it sits in a paragraph, where a list would end the
 * paragraph in the parsed HTML and break hydration.
 */
export function NoticeServers({ servers }: { servers: readonly NoticeServer[] }) {
  if (servers.length === 0) return null;
  return (
    <span>
      Affects:{" "}
      {servers.map((server, i) => (
        <Fragment key={server.id}>
          {i > 0 ? ", " : null}
          <Link to={serverPath(server.id)}>{server.name}</Link>
        </Fragment>
      ))}
    </span>
  );
}
