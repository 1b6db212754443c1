import fs from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { EMPTY_CONTENT, hostileContent } from "./hostileContent";
import { MEASURED_CHECK_KEY, MEASURED_SECRET_URL, prepareMeasuredContent } from "./measuredContent";
import { preparePlacesContent } from "./placesContent";
import { prepareUncheckedContent } from "./uncheckedContent";
import { prepareHeartbeatContent } from "./heartbeatContent";
import { prepareReadersContent } from "./readersContent";
import { PREFIXED, VARIANTS_ROOT, buildVariant, forgetBundleCache, makeVariant } from "./variantSite";
import { generateFleet } from "../../../scripts/generatedFleet";

/** A Mapbox token baked into the hostile build: the map page then starts the globe at once. */
export const BUILD_TOKEN = "pk.build-time-test-token";

setup.describe.configure({ mode: "serial" });

setup.beforeAll(forgetBundleCache);

// The builds share webpack's cache (variantSite.buildVariant); those that change what the bundles
// inline (a GATSBY_ variable, the path prefix) come last, so the others rebuild nothing of the code.
for (const [name, files, env, prepare] of [
  ["empty", EMPTY_CONTENT, {}, null],
  // Servers measured by real runs of the check job against a local server; channels to notify, one of them with its secret set.
  ["measured", {}, { NOTIFY_SLACK_URL: MEASURED_SECRET_URL, MEASURED_CHECK_KEY }, prepareMeasuredContent],
  // Two servers checked from three places by real runs of the job, one run a place, then merged.
  ["places", {}, {}, preparePlacesContent],
  // A server the job lost track of for three intervals: not checked (#44).
  ["unchecked", {}, {}, prepareUncheckedContent],
  // Two heartbeats watched through files on 127.0.0.1, real runs of the job on a faked clock across a change of summer time (#49).
  ["heartbeats", {}, {}, prepareHeartbeatContent],
  // Servers a reader asks "Is it me?" of, at fixed ports of 127.0.0.1 the browser test makes answer, refuse or hang (#50).
  ["readers", {}, {}, prepareReadersContent],
  // A fleet of 1,000 generated servers: paging, clusters on the map.
  ["fleet", { "servers.json": generateFleet(1000, 1).servers, "alerts.json": generateFleet(1000, 1).alerts }, {}, null],
  ["hostile", hostileContent(), { GATSBY_MAPBOX_TOKEN: BUILD_TOKEN }, null],
  // The site published in a folder of a real host; a stray JSON file (an object, not a list) lies in content/.
  ["prefixed", { [PREFIXED.strayFile]: { note: "not content" } }, PREFIXED.env, null],
] as const) {
  setup(`build the site from ${name} content`, async () => {
    setup.setTimeout(15 * 60_000);
    const dir = makeVariant(name, files);
    if (prepare) await prepare(dir);
    const { status, output } = buildVariant(dir, env);
    expect(status, output.slice(-4000)).toBe(0);
    fs.writeFileSync(path.join(VARIANTS_ROOT, `${name}.built`), dir);
    // The build's log, for the tests of its warnings.
    fs.writeFileSync(path.join(VARIANTS_ROOT, `${name}.log`), output);
  });
}
