import { graphql } from "gatsby";

/**
 * Fields that several pages ask for. Gatsby registers fragments by name from
 * any file under src/, so the pages use them without importing this module.
 */
export const serverFields = graphql`
  fragment ServerFields on ServersJson {
    id: jsonId
    name
    ip
    location
    status
    uptime
    responseTime
    lastChecked
    coordinates
  }
`;

export const alertFields = graphql`
  fragment AlertFields on AlertsJson {
    id: jsonId
    server
    type
    message
    ip
    location
    timestamp
  }
`;
