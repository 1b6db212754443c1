import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

const STYLE = fs.readFileSync(path.join(__dirname, "assets", "dark-style.json"), "utf8");

/**
 * Answers the globe's style request (mapbox://styles/mapbox/dark-v11) with a small
 * local dark style; every other request to the maps service is aborted by the
 * fixture. `status` lets a test play a refused token.
 */
export async function routeMapStyle(page: Page, options: { status?: number } = {}): Promise<string[]> {
  const styleRequests: string[] = [];
  await page.route(/^https:\/\/api\.mapbox\.com\/styles\/v1\/mapbox\/dark-v11/, (route) => {
    styleRequests.push(route.request().url());
    if (options.status && options.status !== 200) {
      return route.fulfill({
        status: options.status,
        contentType: "application/json",
        body: JSON.stringify({ message: "Not Authorized - Invalid Token" }),
      });
    }
    return route.fulfill({ status: 200, contentType: "application/json", body: STYLE });
  });
  return styleRequests;
}
