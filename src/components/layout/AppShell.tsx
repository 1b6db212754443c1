import { lazy, Suspense, useState, type ReactNode } from "react";
import { SidebarProvider, useSidebar } from "./SidebarContext";
import { SidebarNav } from "./SidebarNav";
import { TopBar } from "./TopBar";
import { FeedNotice } from "./FeedNotice";
import { IncidentsFeedNotice } from "./IncidentsFeedNotice";
import { NoticeBanner } from "./NoticeBanner";

type AppShellProps = {
  pathname: string;
  children: ReactNode;
};

/** Sidebar (or, under 768px, an off-canvas sheet), top bar and the page. Styles: styles/shell.css. */
export function AppShell({ pathname, children }: AppShellProps) {
  return (
    <SidebarProvider>
      <a className="shell-skip" href="#main">
        Skip to content
      </a>
      <DesktopSidebar pathname={pathname} />
      <LazyMobileSheet pathname={pathname} />
      <div className="shell-column">
        <TopBar />
        <main className="shell-main" id="main" tabIndex={-1}>
          <NoticeBanner />
          <IncidentsFeedNotice />
          <FeedNotice />
          {children}
        </main>
      </div>
    </SidebarProvider>
  );
}

/** The sheet's code (a modal dialog) loads the first time the sheet opens, not with every page. */
const MobileSheet = lazy(() => import("./MobileSheet").then((m) => ({ default: m.MobileSheet })));

function LazyMobileSheet({ pathname }: { pathname: string }) {
  const { isMobile, mobileOpen } = useSidebar();
  // Once opened it stays mounted, so closing it is the dialog's own (focus goes back to the trigger).
  const [wanted, setWanted] = useState(false);
  if (isMobile && mobileOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MobileSheet pathname={pathname} />
    </Suspense>
  );
}

function DesktopSidebar({ pathname }: { pathname: string }) {
  const { toggle } = useSidebar();
  return (
    <aside className="shell-aside" id="sidebar" aria-label="Sidebar">
      <SidebarNav pathname={pathname} variant="desktop" />
      <button className="shell-rail" type="button" tabIndex={-1} aria-label="Toggle sidebar" title="Toggle sidebar" onClick={toggle} />
    </aside>
  );
}
