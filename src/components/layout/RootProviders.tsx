import { useEffect, type ReactNode } from "react";
import { LiveServersProvider } from "../../state/LiveServers";
import { SettingsProvider, useSettings } from "../../state/SettingsProvider";
import { TimeZoneProvider } from "../domain/TimeZone";

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
        <SettingsTimeZone>
          <LiveServersProvider>{children}</LiveServersProvider>
        </SettingsTimeZone>
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

/** How the pages say times, from Settings (Times in UTC). */
function SettingsTimeZone({ children }: { children: ReactNode }) {
  const [settings] = useSettings();
  return <TimeZoneProvider mode={settings.utcTimes ? "utc" : "local"}>{children}</TimeZoneProvider>;
}
