import type { ReactElement } from "react";
import styled from "styled-components";
import { Dialog } from "../../components/ui/Dialog";
import { theme } from "../../styles/theme";

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

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  display: grid;
  gap: 0.5rem;
  font-size: 0.9375rem;
  code {
    font-family: ${theme.font.mono};
    font-size: 0.8125rem;
    padding: 0.0625rem 0.25rem;
    border-radius: ${theme.radius.sm};
    background: ${theme.colors.surfaceMuted};
  }
`;
