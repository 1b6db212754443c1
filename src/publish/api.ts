/** Where the site publishes its data for other tools (version 1 of the format). */
export const API_PATH = "/api/v1";
