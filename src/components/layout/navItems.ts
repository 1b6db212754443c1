import { ChartColumn, FileText, LayoutDashboard, Map, Server, Settings, Shield, TriangleAlert, type IconNode } from "lucide";

import type { NavMatch } from "../../model/shell/nav";

export type NavItem = { title: string; to: string; match: NavMatch; icon: IconNode };

/** The seven sidebar entries of SPEC §2, in order, and Incidents (issue #22) after Servers. */
export const NAV_ITEMS: readonly NavItem[] = [
  { title: "Dashboard", to: "/", match: "exact", icon: LayoutDashboard },
  { title: "Server Map", to: "/map", match: "prefix", icon: Map },
  { title: "Analytics", to: "/analytics", match: "prefix", icon: ChartColumn },
  { title: "Servers", to: "/servers", match: "prefix", icon: Server },
  { title: "Incidents", to: "/incidents", match: "prefix", icon: TriangleAlert },
  { title: "Security", to: "/security", match: "prefix", icon: Shield },
  { title: "Reports", to: "/reports", match: "prefix", icon: FileText },
  { title: "Settings", to: "/settings", match: "prefix", icon: Settings },
];
