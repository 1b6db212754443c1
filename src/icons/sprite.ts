import {
  Activity,
  ChartColumn,
  CircleCheck,
  Download,
  FileSpreadsheet,
  FileText,
  Filter,
  Info,
  LayoutDashboard,
  Map,
  PanelLeft,
  Pencil,
  Plus,
  RefreshCw,
  Server,
  Settings,
  Shield,
  ShieldAlert,
  TriangleAlert,
  X,
  type IconNode,
} from "lucide";
import type { IconName } from "./names";

/**
 * Build time only: the site's icons (Lucide's drawings) as one file of symbols
 * that every page's icons point to (`<use href="/icons-<hash>.svg#name">`).
 * Drawn inline, the shell's icons were about 4.5 KB of every page's HTML, 45 MB of
 * a 10,000-server site (#45). The file is named by a hash of what it holds, so a
 * browser never keeps an old one: the build writes it (gatsby/files/iconSprite.ts),
 * `gatsby develop` serves it, and webpack gives its name to the pages
 * (`__ICON_SPRITE__`, gatsby/webpack.ts).
 */
export const SPRITE_ICONS: Readonly<Record<IconName, IconNode>> = {
  activity: Activity,
  "chart-column": ChartColumn,
  "circle-check": CircleCheck,
  download: Download,
  "file-spreadsheet": FileSpreadsheet,
  "file-text": FileText,
  filter: Filter,
  info: Info,
  "layout-dashboard": LayoutDashboard,
  map: Map,
  "panel-left": PanelLeft,
  pencil: Pencil,
  plus: Plus,
  "refresh-cw": RefreshCw,
  server: Server,
  settings: Settings,
  shield: Shield,
  "shield-alert": ShieldAlert,
  "triangle-alert": TriangleAlert,
  x: X,
};

/** Lucide's line: 2 units wide, round ends and joins, in the colour of the text around it. */
const ICON_STROKE = ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const attribute = (value: unknown) =>
  String(value).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * The file's markup: a <symbol> per icon, Lucide's shapes in a 24-unit box, with Lucide's stroke on
 * the symbol (its shapes inherit it where a page draws it), so a page's <svg> carries its size only.
 */
export function spriteMarkup(): string {
  const symbols = Object.entries(SPRITE_ICONS).map(([name, icon]) => {
    const shapes = icon.map(
      ([tag, attrs]) =>
        `<${tag}${Object.entries(attrs)
          .map(([key, value]) => ` ${key}="${attribute(value)}"`)
          .join("")}/>`,
    );
    return `<symbol id="${name}" viewBox="0 0 24 24"${ICON_STROKE}>${shapes.join("")}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

/** FNV-1a of the markup, in base 36: the same icons, the same name, on every build. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** The file's name at the site's root (before the path prefix). */
export const SPRITE_FILE = `icons-${hashOf(spriteMarkup())}.svg`;
