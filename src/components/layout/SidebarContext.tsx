import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { readSidebarCookie, sidebarCookie } from "../../model/shell/sidebarState";
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
 * The saved desktop state, kept in the cookie sidebar:state: an external store
 * that React reads with useSyncExternalStore, so the server render and
 * hydration say 'expanded' (what the static HTML has) and the cookie applies
 * right after.
 */
const cookieListeners = new Set<() => void>();
const savedState = {
  subscribe: (listener: () => void) => {
    cookieListeners.add(listener);
    return () => cookieListeners.delete(listener);
  },
  read: () => readSidebarCookie(document.cookie) ?? true,
  write: (expanded: boolean) => {
    document.cookie = sidebarCookie(expanded);
    document.documentElement.dataset.sidebar = expanded ? "expanded" : "collapsed";
    cookieListeners.forEach((listener) => listener());
  },
};
const expandedOnTheServer = () => true;

/**
 * Holds the sidebar's state. The look never flashes before hydration because
 * CSS follows <html data-sidebar>, which /head-state.js sets from the same
 * cookie before first paint.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const expanded = useSyncExternalStore(savedState.subscribe, savedState.read, expandedOnTheServer);
  const [mobileOpen, setMobileOpen] = useState(false);
  const isMobile = useMediaQuery(mobileQuery);

  // Leaving the mobile layout closes the sheet, so it is closed when the layout comes back.
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    if (!isMobile) setMobileOpen(false);
  }

  const setExpanded = useCallback((value: boolean) => savedState.write(value), []);
  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else savedState.write(!expanded);
  }, [isMobile, expanded]);

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
