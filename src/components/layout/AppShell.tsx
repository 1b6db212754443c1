import { lazy, Suspense, useState, type ReactNode } from "react";
import styled from "styled-components";
import { media } from "../../styles/media";
import { SidebarProvider, useSidebar } from "./SidebarContext";
import { SidebarNav } from "./SidebarNav";
import { TopBar } from "./TopBar";
import { FeedNotice } from "./FeedNotice";
import { theme } from "../../styles/theme";

type AppShellProps = {
  pathname: string;
  children: ReactNode;
};

/** Sidebar (or, under 768px, an off-canvas sheet), top bar and the page. */
export function AppShell({ pathname, children }: AppShellProps) {
  return (
    <SidebarProvider>
      <SkipLink href="#main">Skip to content</SkipLink>
      <DesktopSidebar pathname={pathname} />
      <LazyMobileSheet pathname={pathname} />
      <Column>
        <TopBar />
        <Main id="main" tabIndex={-1}>
          <FeedNotice />
          {children}
        </Main>
      </Column>
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
    <Aside id="sidebar" aria-label="Sidebar">
      <SidebarNav pathname={pathname} variant="desktop" />
      <Rail type="button" tabIndex={-1} aria-label="Toggle sidebar" title="Toggle sidebar" onClick={toggle} />
    </Aside>
  );
}

const width = ({ theme }: { theme: { sidebar: { expanded: string } } }) => theme.sidebar.expanded;

const Aside = styled.aside`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: 30;
  width: ${width};
  background: ${theme.colors.sidebar};
  border-right: 1px solid ${theme.colors.border};
  transition: width 200ms ease;
  overflow: hidden;
  :root[data-sidebar="collapsed"] & {
    width: ${theme.sidebar.collapsed};
    /* The icons fit; the tooltips beside them must not be clipped. */
    overflow: visible;
  }
  ${media.mobile} {
    /* Without JavaScript there is no sheet: the entries then sit above the page. */
    :root:not([data-js]) & {
      position: static;
      width: auto;
      border-right: 0;
      border-bottom: 1px solid ${theme.colors.border};
    }
    :root[data-js] & {
      display: none;
    }
  }
`;

const Rail = styled.button`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  width: 0.5rem;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: ew-resize;
  &:hover {
    background: ${theme.colors.border};
  }
`;

const Column = styled.div`
  min-height: 100vh;
  margin-left: ${width};
  transition: margin-left 200ms ease;
  display: flex;
  flex-direction: column;
  :root[data-sidebar="collapsed"] & {
    margin-left: ${theme.sidebar.collapsed};
  }
  ${media.mobile} {
    margin-left: 0;
    :root[data-sidebar="collapsed"] & {
      margin-left: 0;
    }
  }
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: 90rem;
  padding: 1.5rem;
  &:focus {
    outline: none;
  }
  ${media.mobile} {
    padding: 1rem;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 0.5rem;
  top: -3rem;
  z-index: 100;
  padding: 0.5rem 1rem;
  border-radius: ${theme.radius.md};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  &:focus {
    top: 0.5rem;
  }
`;
