import type { IconName } from "../../icons/names";

import type { NavMatch } from "../../model/shell/nav";

export type NavItem = { title: string; to: string; match: NavMatch; icon: IconName };

/** The seven sidebar entries of SPEC §2, in order, and Incidents (issue #22) after Servers. */
export const NAV_ITEMS: readonly NavItem[] = [
  { title: "Dashboard", to: "/", match: "exact", icon: "layout-dashboard" },
  { title: "Server Map", to: "/map", match: "prefix", icon: "map" },
  { title: "Analytics", to: "/analytics", match: "prefix", icon: "chart-column" },
  { title: "Servers", to: "/servers", match: "prefix", icon: "server" },
  { title: "Incidents", to: "/incidents", match: "prefix", icon: "triangle-alert" },
  { title: "Security", to: "/security", match: "prefix", icon: "shield" },
  { title: "Reports", to: "/reports", match: "prefix", icon: "file-text" },
  { title: "Settings", to: "/settings", match: "prefix", icon: "settings" },
];
