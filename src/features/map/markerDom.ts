import { withPrefix } from "gatsby";
import { serverPath } from "../../domain/kernel/paths";
import type { Server } from "../../domain/kernel/types";
import { statusPulses } from "../../domain/kernel/status";
import { MARKER_SIZE_PX, markerColor, markerLabel, popupLines } from "../../model/map/markers";
import type { TimeZoneMode } from "../../domain/kernel/format";

/**
 * The DOM of the globe's markers and popups. Every text from content is set
 * with textContent: a server called <img onerror=…> shows those characters.
 */
export function createMarkerElement(): HTMLDivElement {
  const el = document.createElement("div");
  el.className = "server-marker";
  el.setAttribute("role", "button");
  el.tabIndex = 0;
  el.style.width = `${MARKER_SIZE_PX}px`;
  el.style.height = `${MARKER_SIZE_PX}px`;
  return el;
}

export function updateMarkerElement(el: HTMLElement, server: Server): void {
  el.style.backgroundColor = markerColor(server.status);
  el.setAttribute("aria-label", markerLabel(server));
  el.dataset.serverId = server.id;
  el.dataset.status = server.status;
  if (statusPulses(server.status)) el.dataset.pulse = "";
  else delete el.dataset.pulse;
}

export function popupContent(server: Server, timeZone: TimeZoneMode = "local"): HTMLElement {
  const { title, lines } = popupLines(server, timeZone);
  const root = document.createElement("div");
  root.className = "server-popup";
  const heading = document.createElement("strong");
  heading.textContent = title;
  root.append(heading);
  const list = document.createElement("dl");
  for (const [term, value] of lines) {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = value;
    list.append(dt, dd);
  }
  const more = document.createElement("a");
  more.href = withPrefix(serverPath(server.id));
  more.textContent = "Server page: history and alerts";
  root.append(list, more);
  return root;
}

/** A cluster's count over its circle: a button that zooms into the cluster. */
export function createClusterElement(onActivate: () => void): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  // mapbox-gl gives a marker's element role=img unless it has a role of its own.
  el.setAttribute("role", "button");
  el.className = "server-cluster";
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    onActivate();
  });
  return el;
}

const WORST = ["all online", "another status inside", "warning inside", "offline inside"];

export function updateClusterElement(el: HTMLElement, count: number, severity: number): void {
  el.textContent = String(count);
  el.dataset.severity = String(severity);
  el.setAttribute("aria-label", `${count} servers, ${WORST[severity] ?? WORST[1]}: zoom in`);
}
