import { SPRITE_FILE, spriteMarkup } from "../../src/icons/sprite";
import { serveDrawnFile, writeDrawnFile, type DevServerApp } from "./drawnFile";

/** gatsby build: the site's icons, one file written into public/ (src/icons/sprite.ts). */
export const writeIconSprite = (): void => writeDrawnFile(SPRITE_FILE, spriteMarkup());

/** gatsby develop: served from memory. */
export const serveIconSprite = (app: DevServerApp): void => serveDrawnFile(app, SPRITE_FILE, spriteMarkup());
