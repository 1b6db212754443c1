import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeSite, HOSTS, judgeSite, measureSite } from "../../../scripts/siteSize.mjs";

/** The workflow's check before deploying (#45): does the built site fit the host? */
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-size-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (file: string, bytes: number) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), Buffer.alloc(bytes, 120));
};
const run = (...args: string[]) =>
  spawnSync(process.execPath, [path.join("scripts", "site-size.mjs"), "--dir", dir, ...args], {
    encoding: "utf8",
    env: { ...process.env, SITE_HOST: "" },
  });

describe("the site's size against its host", () => {
  it("counts every file under the folder once (links not followed), its heaviest, and the servers' pages", () => {
    write("index.html", 1000);
    write("servers/srv-a/index.html", 3000);
    write("servers/srv-b/index.html", 2500);
    write("page-data/servers/srv-a/page-data.json", 400);
    fs.symlinkSync(path.join(dir, "servers"), path.join(dir, "again"));
    const measured = measureSite(dir);
    expect(measured).toEqual({
      bytes: 6900,
      files: 4,
      heaviest: { file: path.join("servers", "srv-a", "index.html"), bytes: 3000 },
      servers: 2,
    });
    expect(describeSite(measured, "public")).toBe(
      `public: 0 MB in 4 files; 2 server pages; heaviest file ${path.join("servers", "srv-a", "index.html")} (0 MB)`,
    );
  });

  it("over a host's limit, says by how much, whose limit, and where to publish instead", () => {
    const site = { bytes: 1_200_000_000, files: 120_000, heaviest: { file: "admin/decap-cms.js", bytes: 30_000_000 }, servers: 10_000 };
    expect(judgeSite(site, "github-pages")).toEqual([
      'The site is 1,200 MB: over 1,000 MB, GitHub Pages\'s limit for a published site (GitHub\'s documentation, "GitHub Pages limits"). Publish to a host that takes larger sites: docs/operators.md, "Publishing" (the workflow\'s SITE_HOST).',
    ]);
    const cloudflare = judgeSite(site, "cloudflare-pages-paid");
    expect(cloudflare).toHaveLength(2);
    expect(cloudflare[0]).toContain("The site has 120,000 files: over 100,000, Cloudflare Pages (paid plans)'s limit");
    expect(cloudflare[1]).toContain("admin/decap-cms.js is 30 MB: over 26.2 MB");
    expect(judgeSite(site, "s3")).toEqual([]);
    expect(judgeSite({ ...site, bytes: 999_000_000 }, "github-pages")).toEqual([]);
    expect(() => judgeSite(site, "geocities")).toThrow('Unknown host "geocities"');
    // every host the workflow can name has a source for its figures
    for (const host of Object.values(HOSTS)) expect(host.source).not.toBe("");
  });

  it("run as the workflow runs it: 0 when it fits, 1 with the reason when not, and bad options said", () => {
    write("index.html", 2_000_000);
    const fits = run();
    expect(fits.status).toBe(0);
    expect(fits.stdout).toContain("It fits GitHub Pages.");
    const over = run("--max-bytes", "1500000");
    expect(over.status).toBe(1);
    expect(over.stderr).toContain("The site is 2 MB: over 1.5 MB, the limit set with --max-bytes.");
    expect(run("--host", "geocities").stderr).toContain(
      'Unknown host "geocities" (--host or SITE_HOST): one of github-pages, cloudflare-pages',
    );
    expect(run("--max-bytes", "lots").stderr).toContain('--max-bytes must be a number of bytes above 0, not "lots".');
    const missing = spawnSync(process.execPath, [path.join("scripts", "site-size.mjs"), "--dir", path.join(dir, "nope")], {
      encoding: "utf8",
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("does not exist: build the site first (npm run build).");
  });

  it("the workflow checks the built site against its host before either way of deploying it", () => {
    const workflow = fs.readFileSync(path.join(".github", "workflows", "monitor.yml"), "utf8");
    const at = (text: string) => {
      const index = workflow.indexOf(text);
      expect(index).toBeGreaterThan(-1);
      return index;
    };
    expect(workflow).toMatch(/^ {2}SITE_HOST: github-pages$/m);
    expect(Object.keys(HOSTS)).toEqual(expect.arrayContaining(["github-pages", "s3"]));
    const check = at("run: npm run site-size");
    expect(check).toBeGreaterThan(at(" npm run build\n"));
    expect(check).toBeLessThan(at("uses: actions/upload-pages-artifact"));
    expect(check).toBeLessThan(at("uses: actions/deploy-pages"));
    expect(check).toBeLessThan(at('aws s3 sync public "s3://$S3_BUCKET"'));
  });
});
