import type { Alert, Server } from "../src/domain/kernel/types";
import { seededRandom } from "./seededRandom";

/**
 * Valid content for a fleet of N servers, the same for the same seed: real
 * cities (coordinates on land), mixed statuses, and alerts that name the
 * servers they are about. Used by `npm run generate:content` and the scale
 * benchmark; the files go to a folder of their own, never to content/.
 */

/** Cities servers stand in: name, country, [longitude, latitude]. */
const CITIES: ReadonlyArray<readonly [string, string, number, number]> = [
  ["Ashburn", "USA", -77.4874, 39.0438],
  ["Portland", "USA", -122.6765, 45.5231],
  ["Dallas", "USA", -96.797, 32.7767],
  ["Chicago", "USA", -87.6298, 41.8781],
  ["Denver", "USA", -104.9903, 39.7392],
  ["Atlanta", "USA", -84.388, 33.749],
  ["Phoenix", "USA", -112.074, 33.4484],
  ["Toronto", "Canada", -79.3832, 43.6532],
  ["Montreal", "Canada", -73.5673, 45.5017],
  ["Calgary", "Canada", -114.0719, 51.0447],
  ["Mexico City", "Mexico", -99.1332, 19.4326],
  ["Bogotá", "Colombia", -74.0721, 4.711],
  ["Lima", "Peru", -77.0428, -12.0464],
  ["São Paulo", "Brazil", -46.6333, -23.5505],
  ["Santiago", "Chile", -70.6693, -33.4489],
  ["Buenos Aires", "Argentina", -58.3816, -34.6037],
  ["Dublin", "Ireland", -6.2603, 53.3498],
  ["London", "United Kingdom", -0.1276, 51.5072],
  ["Paris", "France", 2.3522, 48.8566],
  ["Frankfurt", "Germany", 8.6821, 50.1109],
  ["Amsterdam", "Netherlands", 4.9041, 52.3676],
  ["Madrid", "Spain", -3.7038, 40.4168],
  ["Milan", "Italy", 9.19, 45.4642],
  ["Zurich", "Switzerland", 8.5417, 47.3769],
  ["Stockholm", "Sweden", 18.0686, 59.3293],
  ["Warsaw", "Poland", 21.0122, 52.2297],
  ["Vienna", "Austria", 16.3738, 48.2082],
  ["Istanbul", "Türkiye", 28.9784, 41.0082],
  ["Cairo", "Egypt", 31.2357, 30.0444],
  ["Lagos", "Nigeria", 3.3792, 6.5244],
  ["Nairobi", "Kenya", 36.8219, -1.2921],
  ["Johannesburg", "South Africa", 28.0473, -26.2041],
  ["Dubai", "United Arab Emirates", 55.2708, 25.2048],
  ["Riyadh", "Saudi Arabia", 46.6753, 24.7136],
  ["Mumbai", "India", 72.8777, 19.076],
  ["Delhi", "India", 77.209, 28.6139],
  ["Bengaluru", "India", 77.5946, 12.9716],
  ["Singapore", "Singapore", 103.8198, 1.3521],
  ["Jakarta", "Indonesia", 106.8456, -6.2088],
  ["Bangkok", "Thailand", 100.5018, 13.7563],
  ["Hong Kong", "China", 114.1694, 22.3193],
  ["Shanghai", "China", 121.4737, 31.2304],
  ["Beijing", "China", 116.4074, 39.9042],
  ["Seoul", "South Korea", 126.978, 37.5665],
  ["Tokyo", "Japan", 139.6917, 35.6895],
  ["Osaka", "Japan", 135.5023, 34.6937],
  ["Taipei", "Taiwan", 121.5654, 25.033],
  ["Manila", "Philippines", 120.9842, 14.5995],
  ["Sydney", "Australia", 151.2093, -33.8688],
  ["Melbourne", "Australia", 144.9631, -37.8136],
  ["Perth", "Australia", 115.8605, -31.9505],
  ["Auckland", "New Zealand", 174.7633, -36.8485],
];

const STATUSES = [
  ["online", 0.85],
  ["warning", 0.07],
  ["offline", 0.05],
  ["maintenance", 0.03],
] as const;

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

/** The time the sample content was taken at: generated figures are as of then. */
const AS_OF = Date.parse("2026-11-23T10:42:00Z");

/** A server as editors write it in servers.json (the figures' source is worked out by the build). */
export type GeneratedServer = Omit<Server, "source" | "detail" | "coordinates" | "uptimeChecks"> & { coordinates: [number, number] };
export type GeneratedAlert = Alert;

/** At most this many alerts (the newest problems): a fleet's alert list is a feed, not an archive. */
export const MAX_ALERTS = 200;

export function generateFleet(count: number, seed = 1): { servers: GeneratedServer[]; alerts: GeneratedAlert[] } {
  const next = seededRandom(seed);
  const servers: GeneratedServer[] = [];
  const perCity = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const [city, country, lng, lat] = CITIES[Math.floor(next() * CITIES.length)];
    const n = (perCity.get(city) ?? 0) + 1;
    perCity.set(city, n);
    let pick = next();
    let status: string = STATUSES[0][0];
    for (const [name, share] of STATUSES) {
      if (pick < share) {
        status = name;
        break;
      }
      pick -= share;
    }
    const responseTime =
      status === "offline" ? null : status === "warning" ? 151 + Math.floor(next() * 250) : 12 + Math.floor(next() * 120);
    const uptime = status === "offline" ? 95 + next() * 4 : 99 + next() * 0.99;
    servers.push({
      id: `srv-${slug(city)}-${n}`,
      name: `${city.replace(/\s+/g, "")}-${String(n).padStart(4, "0")}`,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      location: `${city}, ${country}`,
      status,
      uptime: `${uptime.toFixed(1)}%`,
      responseTime,
      lastChecked: new Date(AS_OF - Math.floor(next() * 300) * 1000).toISOString().replace(/\.000Z$/, "Z"),
      // Within a few kilometres of the city centre: still on land.
      coordinates: [Number((lng + (next() - 0.5) * 0.1).toFixed(4)), Number((lat + (next() - 0.5) * 0.1).toFixed(4))],
    });
  }

  const alerts: GeneratedAlert[] = [];
  for (const server of servers) {
    if (alerts.length >= MAX_ALERTS) break;
    if (server.status !== "offline" && server.status !== "warning") continue;
    const minutesAgo = 1 + Math.floor(next() * 600);
    const at = new Date(AS_OF - minutesAgo * 60_000);
    alerts.push({
      id: `alert-${alerts.length + 1}`,
      server: server.name,
      type: server.status === "offline" ? "error" : "warning",
      message:
        server.status === "offline"
          ? "Server offline: connection timeout after 10 s"
          : `High response time: ${server.responseTime} ms, over the 150 ms threshold`,
      ip: server.ip,
      location: server.location,
      timestamp: `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`,
    });
  }
  alerts.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return { servers, alerts };
}
