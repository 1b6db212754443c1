/** How the job names itself to the servers it checks and the channels it tells: the product's name, and the job's version of it. */
export const USER_AGENT = "server-monitoring-check/1";
