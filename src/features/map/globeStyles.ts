import { MARKER_SIZE_PX } from "../../model/map/markers";

/** The markers', clusters' and popups' look: it comes with the globe, not with the page. */
const GLOBE_CSS = `  .server-marker {
    border-radius: 50%;
    border: 2px solid #ffffff;
    box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.4);
    cursor: pointer;
  }
  .server-marker[data-pulse]::after {
    content: "";
    position: absolute;
    inset: -2px;
    border-radius: 50%;
    width: ${MARKER_SIZE_PX}px;
    height: ${MARKER_SIZE_PX}px;
    background: inherit;
    animation: marker-pulse 2s ease-out infinite;
  }
  .server-cluster {
    display: grid;
    place-items: center;
    min-width: 28px;
    height: 28px;
    padding: 0 4px;
    border: 0;
    border-radius: 14px;
    background: transparent;
    color: #ffffff;
    font:
      700 0.75rem/1 system-ui,
      sans-serif;
    text-shadow: 0 0 2px #000000;
    cursor: pointer;
  }
  .server-cluster:focus-visible,
  .server-marker:focus-visible {
    outline: 3px solid #93c5fd;
    outline-offset: 2px;
  }
  @keyframes marker-pulse {
    from {
      transform: scale(1);
      opacity: 0.6;
    }
    to {
      transform: scale(2.2);
      opacity: 0;
    }
  }
  .server-popup {
    color: #0f172a;
    font-size: 0.8125rem;
  }
  .server-popup strong {
    display: block;
    margin-bottom: 0.25rem;
    font-size: 0.875rem;
  }
  .server-popup dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.125rem 0.5rem;
    margin: 0;
  }
  .server-popup dt {
    color: #475569;
  }
  .server-popup dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** Adds the globe's stylesheet to the document once. */
export function addGlobeStyles(): void {
  if (document.getElementById("globe-styles")) return;
  const style = document.createElement("style");
  style.id = "globe-styles";
  style.textContent = GLOBE_CSS;
  document.head.append(style);
}
