import { PanelLeft } from "lucide-react";
import styled from "styled-components";
import { Button } from "../ui/Button";
import { StatusDot } from "../ui/StatusDot";
import { useSettings } from "../../state/SettingsProvider";
import { useSidebar } from "./SidebarContext";

/** The sidebar trigger and the live-monitoring indicator (paused when Auto-refresh is off). */
export function TopBar() {
  const { expanded, isMobile, mobileOpen, toggle } = useSidebar();
  const [settings] = useSettings();
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
      <Live role="status">
        {settings.autoRefresh ? (
          <>
            <StatusDot tone="online" pulse size={8} />
            Live monitoring active
          </>
        ) : (
          <>
            <StatusDot tone="neutral" size={8} />
            Live monitoring paused
          </>
        )}
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
  gap: 0.5rem;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
