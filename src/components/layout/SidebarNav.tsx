import { Link } from "gatsby";
import { Icon } from "../ui/Icon";
import { systemsLine } from "../../model/shell/statusLine";
import { isNavActive } from "../../model/shell/nav";
import { useStatusCounts } from "../../state/useMonitoring";
import { useSystemsNotices } from "../../state/useNotices";
import { useNow } from "../ui/useNow";
import { StatusDot } from "../ui/StatusDot";
import { NAV_ITEMS } from "./navItems";
import { useSiteMetadata } from "./useSiteMetadata";

type SidebarNavProps = {
  pathname: string;
  /** the sheet variant never collapses */
  variant: "desktop" | "sheet";
  onNavigate?: () => void;
};

/**
 * Brand, the seven entries and the footer. In the desktop variant, what hides on
 * collapse is driven by <html data-sidebar="collapsed"> so the static HTML is
 * right before hydration. Styles: styles/shell.css (static, in every page's HTML).
 */
export function SidebarNav({ pathname, variant, onNavigate }: SidebarNavProps) {
  const collapsible = variant === "desktop";
  const site = useSiteMetadata();
  const systems = systemsLine(useStatusCounts(), useSystemsNotices(useNow()));
  return (
    <div className="nav" data-collapsible={collapsible ? "" : undefined}>
      <div className="nav-brand">
        <span className="nav-logo" aria-hidden="true">
          <Icon name="activity" size={18} />
        </span>
        <span className="nav-brand-text when-expanded">
          <span className="nav-brand-name">{site.title}</span>
          <span className="nav-brand-tagline">{site.tagline}</span>
        </span>
      </div>
      <nav aria-label="Main">
        <p className="nav-group when-expanded" aria-hidden="true">
          Navigation
        </p>
        <ul className="nav-list">
          {NAV_ITEMS.map(({ title, to, match, icon }) => {
            const active = isNavActive(pathname, to, match);
            return (
              <li key={to} className="nav-entry">
                <Link to={to} className="nav-link" aria-current={active ? "page" : undefined} onClick={onNavigate}>
                  <Icon name={icon} size={18} />
                  <span className="nav-title">{title}</span>
                </Link>
                {/* While collapsed, the icon's title shows beside it at once (SPEC §9: no delay), on hover and on focus. */}
                {collapsible ? (
                  <span className="nav-tip" role="tooltip">
                    {title}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="nav-footer">
        <StatusDot tone={systems.tone} pulse={systems.pulse} size={8} />
        <span className="when-expanded">{systems.text}</span>
      </div>
    </div>
  );
}
