import fs from "node:fs";
import path from "node:path";
import { render } from "@testing-library/react";
import { Filter } from "lucide";
import { Icon } from "../../../src/components/ui/Icon";
import { ICON_NAMES } from "../../../src/icons/names";
import { SPRITE_FILE, SPRITE_ICONS, spriteMarkup } from "../../../src/icons/sprite";

/** The site's source files that import lucide (its drawings). */
function importersOfLucide(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return importersOfLucide(file);
    return /\.tsx?$/.test(entry.name) && /from "lucide"/.test(fs.readFileSync(file, "utf8")) ? [file] : [];
  });
}

describe("the site's icons, one file (#45)", () => {
  it("is an SVG of one symbol per name, named by a hash of what it holds", () => {
    const doc = new DOMParser().parseFromString(spriteMarkup(), "image/svg+xml");
    expect(doc.querySelector("parsererror")).toBeNull();
    expect([...doc.querySelectorAll("symbol")].map((s) => s.id)).toEqual([...ICON_NAMES]);
    expect(Object.keys(SPRITE_ICONS)).toEqual([...ICON_NAMES]);
    const filter = doc.querySelector("symbol#filter")!;
    expect(filter.getAttribute("viewBox")).toBe("0 0 24 24");
    // Lucide's line is the symbol's, so a page's <svg> carries its size only
    expect(
      Object.fromEntries(["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"].map((a) => [a, filter.getAttribute(a)])),
    ).toEqual({
      fill: "none",
      stroke: "currentColor",
      "stroke-width": "2",
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    });
    expect([...filter.children].map((c) => c.tagName)).toEqual(Filter.map(([tag]) => tag));
    expect(SPRITE_FILE).toMatch(/^icons-[0-9a-z]+\.svg$/);
  });

  it("no drawing reaches a page's script: only the build's sprite imports lucide", () => {
    const src = path.join(__dirname, "../../../src");
    expect(importersOfLucide(src).map((f) => path.relative(src, f))).toEqual([path.join("icons", "sprite.ts")]);
  });

  it("an icon is a name pointing to its symbol, hidden from screen readers", () => {
    const { container } = render(<Icon name="filter" size={16} />);
    const svg = container.querySelector("svg")!;
    // the build's file name (__ICON_SPRITE__; "icons.svg" in the unit tests) under the site's path prefix
    expect(svg.querySelector("use")?.getAttribute("href")).toBe("/icons.svg#filter");
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg).toHaveAttribute("width", "16");
    expect(svg.querySelectorAll("path")).toHaveLength(0);
    expect([...svg.attributes].map((a) => a.name).sort()).toEqual(["aria-hidden", "height", "width"]);
  });
});
