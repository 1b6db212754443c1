/**
 * A server's region, from its location, one rule for every page and file that groups or counts
 * servers by region (the dashboard's "Across N regions", the analytics' regions, Statuspage's
 * component groups): the second comma-separated part, trimmed ("Frankfurt, Germany" → "Germany");
 * a location of one part is its own region ("Singapore"); an empty location has none (null).
 */
export function regionOf(location: string): string | null {
  const parts = location.split(",").map((part) => part.trim());
  const region = parts[1] || parts[0];
  return region === "" || region === undefined ? null : region;
}

/** What a list by region calls the servers whose location names none (an empty location). */
export const NO_REGION = "Unknown";

/** What two regions are compared by: the same region whatever its case ("Germany", "germany"). */
export const regionKey = (region: string): string => region.toLowerCase();

/** The distinct regions of these locations, each as the first of them spells it, in alphabetical order. */
export function distinctRegions(locations: readonly string[]): string[] {
  const regions = new Map<string, string>();
  for (const location of locations) {
    const region = regionOf(location);
    if (region !== null && !regions.has(regionKey(region))) regions.set(regionKey(region), region);
  }
  return [...regions.values()].sort((a, b) => a.localeCompare(b));
}
