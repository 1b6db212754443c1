/**
 * The open data's schemas as validators compiled ahead of time (generated/, made by
 * `npm run generate:validators`): the pages check what they fetch with the
 * same rules as the build, without Ajv in the browser and without compiling a
 * schema there (about 110 ms of a phone's main thread, and 68 KB of code).
 */
import type { ErrorObject } from "ajv";
import type { JsonSchema } from "../../domain/content/schemaErrors";
import { schema as feedServersSchema, validate as feedServers } from "./generated/feedServers";
import { validate as publishedAlerts } from "./generated/publishedAlerts";
import { validate as publishedIncidents } from "./generated/publishedIncidents";

/** An Ajv validator: true when the data follows the schema; else its errors. */
export type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A feed's list of servers: feedServerSchema's items. */
export const validateFeedServers = feedServers as Validate;
/** The schema validateFeedServers was made from, for its errors in words. */
export const FEED_SERVERS_SCHEMA = feedServersSchema as unknown as JsonSchema;
/** The published alerts document (alertsSchema). */
export const validatePublishedAlerts = publishedAlerts as Validate;
/** The published incidents document (incidentsSchema). */
export const validatePublishedIncidents = publishedIncidents as Validate;
