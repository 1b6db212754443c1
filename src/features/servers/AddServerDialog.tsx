import type { ReactElement } from "react";
import { Dialog } from "../../components/ui/Dialog";
import { classed } from "../../styles/classed";
import * as styles from "./AddServerDialog.module.css";

/**
 * This site is static files: a server is added by its content editors, not
 * from the page. The dialog says how, instead of pretending.
 */
export function AddServerDialog({ trigger }: { trigger: ReactElement }) {
  return (
    <Dialog
      trigger={trigger}
      title="Add a server"
      description="Servers are added by the site's content editors, then published with a new build."
    >
      <Steps>
        <li>
          Add a record to <code>content/servers.json</code> with its id, name, ip, location (city, region), status, uptime, responseTime,
          lastChecked and coordinates [longitude, latitude].
        </li>
        <li>
          Run <code>npm run validate</code>: it names any field that needs fixing.
        </li>
        <li>Publish the new build. The server then appears here, on the dashboard and on the map.</li>
      </Steps>
    </Dialog>
  );
}

const Steps = classed("ol", styles.steps);
