import { graphql } from "gatsby";

/**
 * The fields of every content type, one fragment each, as the pages ask for
 * them. Gatsby registers fragments by name from any file under src/, so the
 * pages use them without importing this module. They must list every field of
 * their JSON Schema (content/schema): __tests__/unit/contentShapes.test.ts
 * checks that they do.
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
    monitored
    measured {
      status
      responseTime
      checkedAt
      detail
      uptimeUp
      uptimeTotal
      uptimeSince
      maintenance
      notChecked {
        foundAt
        reason
      }
      places {
        location
        status
        responseTime
      }
      cause
    }
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

/** The check job's alerts (content/checks/alerts.json), shown with the editors'. */
export const checkAlertFields = graphql`
  fragment CheckAlertFields on CheckAlert {
    id: jsonId
    server
    type
    message
    ip
    location
    timestamp
  }
`;

export const chartPointFields = graphql`
  fragment ChartPointFields on PerformanceJson {
    time
    responseTime
    uptime
  }
`;

export const securityAlertFields = graphql`
  fragment SecurityAlertFields on SecurityAlertsJson {
    id: jsonId
    type
    message
    time
    status
  }
`;

export const reportFields = graphql`
  fragment ReportFields on ReportsJson {
    id: jsonId
    name
    type
    date
    status
    size
    file
  }
`;

export const analyticsCardFields = graphql`
  fragment AnalyticsCardFields on AnalyticsCardsJson {
    id: jsonId
    title
    value
    note
    measure
  }
`;

export const securityCardFields = graphql`
  fragment SecurityCardFields on SecurityCardsJson {
    id: jsonId
    title
    value
    note
    measure
  }
`;

/** The whole fleet's figures (gatsby/nodes/fleet.ts); a page adds `servers(limit: N)` for the servers it shows first. */
export const fleetFields = graphql`
  fragment FleetFields on Fleet {
    complete
    total
    regions
    onlinePercent
    avgResponseMs
    counts {
      online
      warning
      offline
      unchecked
      other
    }
    sources {
      measured
      simulated
      sample
    }
  }
`;

/** The alerts of both kinds as the build merged them, newest first (the Fleet node's). */
export const fleetAlertFields = graphql`
  fragment FleetAlertFields on FleetAlert {
    id
    server
    type
    message
    ip
    location
    timestamp
  }
`;

/** The flat map's places, for a fleet too large for a dot per server. */
export const fleetPlaceFields = graphql`
  fragment FleetPlaceFields on FleetPlace {
    key
    x
    y
    count
    worst
    location
    counts {
      online
      warning
      offline
      unchecked
      other
    }
  }
`;

/** An incident (content/incidents.json, optional): its updates oldest first. */
export const incidentFields = graphql`
  fragment IncidentFields on IncidentsJson {
    id: jsonId
    title
    impact
    affected
    updates {
      at
      status
      message
    }
  }
`;

/** A maintenance window (content/maintenance.json, optional): one-off (start, end) or recurring (every, on, at, durationMinutes, timeZone). */
export const maintenanceWindowFields = graphql`
  fragment MaintenanceWindowFields on MaintenanceJson {
    id: jsonId
    title
    affected
    message
    start
    end
    every
    on
    at
    durationMinutes
    timeZone
  }
`;

/** An incident as the pages show it (gatsby/nodes/statusNotices.ts), with its servers' names; updates oldest first. */
export const noticeIncidentFields = graphql`
  fragment NoticeIncidentFields on NoticeIncident {
    id
    title
    impact
    status
    affected {
      id
      name
    }
    updates {
      at
      status
      message
    }
  }
`;

/** One occurrence of a maintenance window, in UTC, with its servers' names. */
export const noticeWindowFields = graphql`
  fragment NoticeWindowFields on NoticeWindow {
    id
    title
    message
    affected {
      id
      name
    }
    start
    end
    schedule
  }
`;
