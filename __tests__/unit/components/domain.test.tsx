import { screen, render, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { ServerCard } from "../../../src/components/domain/ServerCard";
import { makeServer } from "../fixtures";
import { StatusBadge } from "../../../src/components/domain/StatusBadge";

describe("StatusBadge", () => {
  it.each([
    ["online", "Online", "default"],
    ["warning", "Warning", "secondary"],
    ["offline", "Offline", "destructive"],
    ["maintenance", "Maintenance", "outline"],
    ["", "Unknown", "outline"],
  ])("%j reads %j with the %s look", (status, label, variant) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute("data-variant", variant);
  });
});

describe("ServerCard", () => {
  const fact = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

  it("a server that did not answer shows '—' for its response time, read as 'no answer', never 0 ms", () => {
    render(<ServerCard server={makeServer({ status: "offline", responseTime: null, source: "measured", detail: "connection refused" })} />);
    const response = fact("Response");
    expect(response).toHaveTextContent("—no answer");
    expect(response).not.toHaveTextContent("0 ms");
    expect(within(response).getByText("—")).toHaveAttribute("aria-hidden", "true");
  });

  it("a measured uptime over less than a day says how many checks since when (local time once live, UTC in the static HTML)", () => {
    const server = makeServer({
      source: "measured",
      uptime: "100.0%",
      lastChecked: "2026-11-23T14:15:00.000Z",
      uptimeChecks: { up: 3, total: 3, since: "2026-11-23T14:05:00.000Z" },
    });
    render(<ServerCard server={server} />);
    expect(fact("Uptime")).toHaveTextContent("100.0% · 3 checks since 14:05");
    expect(within(fact("Uptime")).getByText("14:05 UTC")).toHaveAttribute("datetime", "2026-11-23T14:05:00.000Z");
    const html = renderToString(<ServerCard server={server} />).replace(/<!-- -->/g, "");
    expect(html).toMatch(/100\.0% · 3 checks since <time [^>]*>14:05 UTC<\/time>/);
  });

  it("a month of checks, and simulated figures, show the uptime alone", () => {
    const month = makeServer({
      source: "measured",
      uptime: "99.8%",
      lastChecked: "2026-11-23T14:15:00.000Z",
      uptimeChecks: { up: 8630, total: 8640, since: "2026-10-24T14:15:00.000Z" },
    });
    const { unmount } = render(<ServerCard server={month} />);
    expect(fact("Uptime")).toHaveTextContent(/^99\.8%$/);
    unmount();
    render(<ServerCard server={makeServer({ uptime: "99.9%" })} />);
    expect(fact("Uptime")).toHaveTextContent(/^99\.9%$/);
  });
});
