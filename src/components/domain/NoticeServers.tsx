import { Link } from "gatsby";
import { serverPath } from "../../model/serverPage";
import type { NoticeServer } from "../../model/notices";
import * as styles from "./notices.module.css";

/** "Affects: EU-West-1, US-East-1", each a link to its server's page. */
export function NoticeServers({ servers }: { servers: readonly NoticeServer[] }) {
  if (servers.length === 0) return null;
  return (
    <span>
      Affects:{" "}
      <ul className={styles.servers}>
        {servers.map((server) => (
          <li key={server.id}>
            <Link to={serverPath(server.id)}>{server.name}</Link>
          </li>
        ))}
      </ul>
    </span>
  );
}
