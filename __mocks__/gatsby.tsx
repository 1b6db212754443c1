import * as React from "react";

const gatsby = jest.requireActual("gatsby");

/** Gatsby's Link as a plain anchor; queries are not run in unit tests. */
module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn(
    ({ activeClassName, activeStyle, getProps, innerRef, partiallyActive, ref, replace, to, ...rest }: Record<string, unknown>) =>
      React.createElement("a", { ...rest, href: to, ref: innerRef }),
  ),
  navigate: jest.fn(),
  // Every static query of the site answered at once: the site's metadata, and a site without checks.
  useStaticQuery: jest.fn(() => ({
    site: {
      siteMetadata: {
        title: "Location Tracker",
        tagline: "Server monitoring",
        description: "test",
        siteUrl: "http://localhost",
        editor: "local",
      },
    },
    monitoring: { total: 0, online: 0, warning: 0, offline: 0, other: 0, measured: 0, newestCheck: null, intervalSeconds: null },
    statusNotices: { builtAt: "2026-11-24T20:00:00.000Z", open: [], windows: [] },
  })),
};
