import { useEffect, type ReactNode } from "react";
import { LiveServersProvider } from "../../state/LiveServers";
import { SettingsProvider } from "../../state/SettingsProvider";

/**
 * Everything that outlives a page: the client stores. (Gatsby also renders
 * this wrapper around each page's Head, into a detached element: nothing here may
 * draw on the page. The toasts live in PageWrapper.)
 */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <HydrationMark />
      <SettingsProvider>
        <LiveServersProvider>{children}</LiveServersProvider>
      </SettingsProvider>
    </>
  );
}

/** Marks <html data-hydrated> once React runs: CSS and the browser tests can tell static from live. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
