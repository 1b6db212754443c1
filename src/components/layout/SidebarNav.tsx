import { Link } from "gatsby";
import { Activity } from "lucide";
import { Icon } from "../ui/Icon";
import styled, { css } from "styled-components";
import { systemsLine } from "../../model/monitoringStatus";
import { isNavActive } from "../../model/nav";
import { useStatusCounts } from "../../state/useMonitoring";
import { StatusDot } from "../ui/StatusDot";
import { NAV_ITEMS } from "./navItems";
import { useSiteMetadata } from "./useSiteMetadata";
import { theme } from "../../styles/theme";

type SidebarNavProps = {
  pathname: string;
  /** the sheet variant never collapses */
  variant: "desktop" | "sheet";
  onNavigate?: () => void;
};

/**
 * Brand, the seven entries and the footer. In the desktop variant, what hides on
 * collapse is driven by <html data-sidebar="collapsed"> so the static HTML is
 * right before hydration.
 */
export function SidebarNav({ pathname, variant, onNavigate }: SidebarNavProps) {
  const collapsible = variant === "desktop";
  const site = useSiteMetadata();
  const systems = systemsLine(useStatusCounts());
  return (
    <Column $collapsible={collapsible}>
      <Brand>
        <Logo aria-hidden="true">
          <Icon icon={Activity} size={18} />
        </Logo>
        <BrandText className="when-expanded">
          <BrandName>{site.title}</BrandName>
          <BrandSubtitle>{site.tagline}</BrandSubtitle>
        </BrandText>
      </Brand>
      <nav aria-label="Main">
        <GroupLabel className="when-expanded" aria-hidden="true">
          Navigation
        </GroupLabel>
        <List>
          {NAV_ITEMS.map(({ title, to, match, icon }) => {
            const active = isNavActive(pathname, to, match);
            return (
              <Entry key={to}>
                <NavLink to={to} aria-current={active ? "page" : undefined} $active={active} onClick={onNavigate}>
                  <Icon icon={icon} size={18} />
                  <Title className="nav-title">{title}</Title>
                </NavLink>
                {/* While collapsed, the icon's title shows beside it at once (SPEC §9: no delay), on hover and on focus. */}
                {collapsible ? <Tip role="tooltip">{title}</Tip> : null}
              </Entry>
            );
          })}
        </List>
      </nav>
      <Footer>
        <StatusDot tone={systems.tone} pulse={systems.pulse} size={8} />
        <span className="when-expanded">{systems.text}</span>
      </Footer>
    </Column>
  );
}

const collapsedRule = (rules: ReturnType<typeof css>) => css`
  :root[data-sidebar="collapsed"] & {
    ${rules}
  }
`;

const Column = styled.div<{ $collapsible: boolean }>`
  display: flex;
  flex-direction: column;
  height: 100%;
  ${({ $collapsible }) =>
    $collapsible &&
    collapsedRule(css`
      .when-expanded {
        display: none;
      }
      .nav-title {
        position: absolute;
        width: 1px;
        height: 1px;
        margin: -1px;
        overflow: hidden;
        clip: rect(0, 0, 0, 0);
        white-space: nowrap;
      }
    `)}
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 1rem 0.875rem;
  min-height: 3.5rem;
  border-bottom: 1px solid ${theme.colors.border};
`;

const Logo = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: ${theme.radius.md};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
`;

const BrandText = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const BrandName = styled.span`
  font-weight: 700;
  white-space: nowrap;
`;

const BrandSubtitle = styled.span`
  font-size: 0.75rem;
  color: ${theme.colors.textMuted};
  white-space: nowrap;
`;

const GroupLabel = styled.p`
  padding: 1rem 1.25rem 0.5rem;
  font-size: 0.75rem;
  font-weight: 600;
  color: ${theme.colors.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.25rem 0;
  :root[data-sidebar="collapsed"] & {
    padding-top: 1rem;
  }
`;

const Entry = styled.li`
  position: relative;
`;

const Tip = styled.span`
  display: none;
  position: absolute;
  z-index: 60;
  top: 50%;
  left: calc(100% + 4px);
  transform: translateY(-50%);
  padding: 0.375rem 0.625rem;
  border-radius: ${theme.radius.sm};
  font-size: 0.8125rem;
  white-space: nowrap;
  pointer-events: none;
  background: ${theme.colors.text};
  color: ${theme.colors.surface};
  box-shadow: ${theme.shadow};
  :root[data-sidebar="collapsed"] ${Entry}:hover > &,
  :root[data-sidebar="collapsed"] ${Entry}:focus-within > & {
    display: block;
  }
`;

const NavLink = styled(Link)<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin: 0.125rem 0 0.125rem 0.75rem;
  padding: 0.5rem 0.75rem;
  min-height: 2.5rem;
  border-radius: ${theme.radius.md} 0 0 ${theme.radius.md};
  border-right: 3px solid transparent;
  color: ${theme.colors.text};
  text-decoration: none;
  font-size: 0.9375rem;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  ${({ $active, theme }) =>
    $active &&
    css`
      background: ${theme.colors.primaryTint};
      color: ${theme.colors.primary};
      font-weight: 600;
      border-right-color: ${theme.colors.primary};
      &:hover {
        background: ${theme.colors.primaryTint};
      }
    `}
  &:focus-visible {
    outline-offset: -2px;
  }
`;

const Title = styled.span`
  white-space: nowrap;
`;

const Footer = styled.div`
  margin-top: auto;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 1rem 1.25rem;
  border-top: 1px solid ${theme.colors.border};
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;
