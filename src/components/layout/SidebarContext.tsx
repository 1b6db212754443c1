import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { readSidebarCookie, sidebarCookie } from "../../model/sidebarState";
import { mobileQuery } from "../../styles/media";
import { useMediaQuery } from "../ui/useMediaQuery";

type SidebarState = {
  /** desktop: expanded (16rem) or collapsed to icons (4rem) */
  expanded: boolean;
  setExpanded: (expanded: boolean) => void;
  /** under 768px: the off-canvas sheet */
  isMobile: boolean;
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  /** collapses/expands on desktop, opens/closes the sheet on mobile */
  toggle: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

/**
 * Holds the sidebar's state. The first render always says 'expanded' (that is what
 * the static HTML has); the saved cookie is read after hydration. The look never
 * flashes because CSS follows <html data-sidebar>, which /head-state.js sets from
 * the same cookie before first paint.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [expanded, setExpandedState] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const isMobile = useMediaQuery(mobileQuery);

  useEffect(() => {
    const saved = readSidebarCookie(document.cookie);
    if (saved !== null) setExpandedState(saved);
  }, []);

  const setExpanded = useCallback((value: boolean) => {
    setExpandedState(value);
    document.cookie = sidebarCookie(value);
    document.documentElement.dataset.sidebar = value ? "expanded" : "collapsed";
  }, []);

  const latest = useRef({ expanded, isMobile });
  latest.current = { expanded, isMobile };
  const toggle = useCallback(() => {
    if (latest.current.isMobile) setMobileOpen((open) => !open);
    else setExpanded(!latest.current.expanded);
  }, [setExpanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // In a text field Ctrl+B belongs to the field (on macOS it moves the caret back).
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  const value = useMemo(
    () => ({ expanded, setExpanded, isMobile, mobileOpen, setMobileOpen, toggle }),
    [expanded, setExpanded, isMobile, mobileOpen, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const context = useContext(SidebarContext);
  if (context === null) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return context;
}
