/** How the job names itself to the servers it checks and the channels it tells: the product's name, and the job's version of it. */
export const USER_AGENT = "server-monitoring-check/1";

/** The user agent of checks made from a named place: a server's logs show which place asked (server-monitoring-check/1 (eu-west)). */
export const userAgentAt = (location: string | undefined): string => (location ? `${USER_AGENT} (${location})` : USER_AGENT);
