import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:9000";
const routes = (process.argv[2] ?? "/,/map,/analytics,/servers,/security,/reports,/settings,/nope").split(",");
const widths = (process.argv[3] ?? "1280,375").split(",").map(Number);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--disable-background-networking", "--disable-component-update"] });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (process.env.DARK) await context.addInitScript(() => localStorage.setItem("settings", JSON.stringify({ darkMode: true })));
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(`[${width}] ${m.type()}: ${m.text().slice(0, 300)}`); });
  page.on("pageerror", (e) => console.log(`[${width}] pageerror: ${e.message}`));
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (r) => r.abort());
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    const name = `/tmp/shots/${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log("shot", name);
  }
  await context.close();
}
await browser.close();
