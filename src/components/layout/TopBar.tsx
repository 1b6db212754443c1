import { PanelLeft } from "lucide-react";
import styled from "styled-components";
import { liveLine } from "../../model/monitoringStatus";
import { Button } from "../ui/Button";
import { StatusDot } from "../ui/StatusDot";
import { useNow } from "../ui/useNow";
import { useSettings } from "../../state/SettingsProvider";
import { useMonitoring } from "../../state/useMonitoring";
import { useSidebar } from "./SidebarContext";

/**
 * The sidebar trigger and the monitoring indicator: live and fresh, stale (the
 * newest check is older than three intervals), simulated or paused. Only a
 * change of state is announced; the age moves on beside it, unannounced.
 */
export function TopBar() {
  const { expanded, isMobile, mobileOpen, toggle } = useSidebar();
  const [settings] = useSettings();
  const monitoring = useMonitoring();
  const now = useNow();
  const line = liveLine({ ...monitoring, autoRefresh: settings.autoRefresh, refreshSeconds: settings.refreshInterval, now });
  return (
    <Bar>
      <Button
        $variant="ghost"
        $size="icon"
        id="sidebar-trigger"
        aria-label="Toggle sidebar"
        aria-controls={isMobile ? "sidebar-sheet" : "sidebar"}
        aria-expanded={isMobile ? mobileOpen : expanded}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle sidebar (Ctrl+B)"
        onClick={toggle}
      >
        <PanelLeft size={18} aria-hidden="true" />
      </Button>
      <Live data-state={line.stale ? "stale" : line.tone}>
        <StatusDot tone={line.tone} pulse={line.pulse} size={8} />
        <span role="status">{line.text}</span>
        {line.detail ? <Detail>· {line.detail}</Detail> : null}
      </Live>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  height: ${({ theme }) => theme.topBarHeight};
  padding: 0 1rem;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Live = styled.p`
  display: inline-flex;
  align-items: center;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.25rem 0.5rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-state="stale"] {
    color: ${({ theme }) => theme.colors.warningText};
  }
`;

const Detail = styled.span`
  white-space: nowrap;
`;
