import fs from "node:fs";
import path from "node:path";
import { SPRITE_FILE, spriteMarkup } from "../../src/icons/sprite";
import type { DevServerApp } from "./worldMap";

/** gatsby build: the site's icons, one file written into public/ (src/icons/sprite.ts). */
export function writeIconSprite(): void {
  fs.writeFileSync(path.join(process.cwd(), "public", SPRITE_FILE), spriteMarkup());
}

/** gatsby develop: served from memory. */
export function serveIconSprite(app: DevServerApp): void {
  const svg = spriteMarkup();
  app.get(`/${SPRITE_FILE}`, (_req, res) => {
    res.type("image/svg+xml").send(svg);
  });
}
