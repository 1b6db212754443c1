import { readContent } from "./variantSite";

/** Markup that must show as text and never run. */
export const IMG = "<img src=x onerror=alert(1)>";
export const SCRIPT = "<script>window.__pwned=1;alert(2)</script>";
export const BOLD = "<b onmouseover=alert(3)>bold</b>";

type Rec = Record<string, unknown>;

/** The real content with markup in every text field that the rules let hold it. */
export function hostileContent(): Record<string, unknown[]> {
  const content = readContent();
  const servers = (content["servers.json"] as Rec[]).map((s, i): Rec => ({
    ...s,
    name: i === 0 ? IMG : `${SCRIPT}${s.name as string}`,
    location: `<b>${(s.location as string).split(",")[0]}</b>, <i>${(s.location as string).split(",")[1].trim()}</i>`,
  }));
  const byIp = new Map(servers.map((s) => [s.ip as string, s]));
  const alerts = (content["alerts.json"] as Rec[]).map((a) => {
    const server = byIp.get(a.ip as string)!;
    return {
      ...a,
      server: server.name,
      location: server.location,
      message: `${SCRIPT} ${a.message as string} ${IMG}`,
    };
  });
  const reports = (content["reports.json"] as Rec[]).map((r) => ({
    ...r,
    name: `${IMG} ${r.name as string}`,
    size: r.status === "failed" ? "N/A" : `<i>${r.size as string}</i>`,
  }));
  const security = (content["security-alerts.json"] as Rec[]).map((a) => ({
    ...a,
    message: `${BOLD} ${a.message as string}`,
    time: `${SCRIPT}${a.time as string}`,
  }));
  const cards = (file: string) =>
    (content[file] as Rec[]).map((c) => ({
      ...c,
      title: `${BOLD}${c.title as string}`,
      value: `${IMG}${c.value as string}`,
      note: `${SCRIPT}${c.note as string}`,
    }));
  return {
    "servers.json": servers,
    "alerts.json": alerts,
    "reports.json": reports,
    "security-alerts.json": security,
    "analytics-cards.json": cards("analytics-cards.json"),
    "security-cards.json": cards("security-cards.json"),
    "performance.json": content["performance.json"],
  };
}

export const EMPTY_CONTENT: Record<string, unknown[]> = {
  "servers.json": [],
  "alerts.json": [],
  "performance.json": [],
  "security-alerts.json": [],
  "reports.json": [],
  "analytics-cards.json": [],
  "security-cards.json": [],
};
