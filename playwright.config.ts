import { defineConfig } from "@playwright/test";

/** Browser tests over the production build (public/), served on loopback only. */
const PORT = Number(process.env.E2E_PORT ?? 9123);

export default defineConfig({
  testDir: "__tests__/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
    acceptDownloads: true,
  },
  projects: [
    // The site built from content/ (npm run build), served by webServer below.
    { name: "site", testIgnore: /variants\// },
    // Copies of the site built from broken, hostile and empty content.
    // npm test runs these after the site's tests, in a second run, so the two builds never
    // compete with them for the cores and a failure on one side does not skip the other.
    { name: "variant-builds", testMatch: /variants\/build\.setup\.ts/ },
    { name: "variants", testMatch: /variants\/.*\.spec\.ts/, dependencies: ["variant-builds"] },
  ],
  webServer: {
    command: `npx gatsby serve -H 127.0.0.1 -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { GATSBY_TELEMETRY_DISABLED: "1" },
  },
});
