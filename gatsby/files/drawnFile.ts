import fs from "node:fs";
import path from "node:path";

/** The part of `gatsby develop`'s express app the files below use. */
export type DevServerApp = {
  get: (path: string, handler: (req: unknown, res: { type: (t: string) => { send: (body: string) => void } }) => void) => void;
};

/** An SVG file the build draws (the world map, the icons): `gatsby build` writes it into public/. */
export function writeDrawnFile(name: string, svg: string): void {
  fs.writeFileSync(path.join(process.cwd(), "public", name), svg);
}

/** The same file for `gatsby develop`, served from memory. */
export function serveDrawnFile(app: DevServerApp, name: string, svg: string): void {
  app.get(`/${name}`, (_req, res) => {
    res.type("image/svg+xml").send(svg);
  });
}
