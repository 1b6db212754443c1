// Time formatting is part of what the tests check: pin the zone so it is the
// same on every machine (the workers inherit it).
process.env.TZ = "UTC";

/**
 * Gatsby's Jest recipe, in one file: Babel with Gatsby's preset and TypeScript,
 * Gatsby's own modules transpiled, and __mocks__/gatsby.tsx for Link and queries.
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: "jsdom",
  // The root holds __mocks__/gatsby.tsx, which Jest only finds for node modules in a root.
  roots: ["<rootDir>"],
  testMatch: ["<rootDir>/__tests__/unit/**/*.test.{ts,tsx}"],
  modulePathIgnorePatterns: ["<rootDir>/public/", "<rootDir>/.cache/", "<rootDir>/node_modules/.cache/"],
  transform: {
    "^.+\\.m?[jt]sx?$": ["babel-jest", { presets: [["babel-preset-gatsby", { reactRuntime: "automatic" }], "@babel/preset-typescript"] }],
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "", __ICON_SPRITE__: "icons.svg" },
  moduleNameMapper: {
    // Jest has no Web Workers (nor import.meta): the export's worker answers in-thread here.
    "^\\./startWorkbookWorker$": "<rootDir>/__mocks__/startWorkbookWorker.ts",
    // A CSS Module's classes are their own names (the stylesheets are for the browser tests).
    "\\.module\\.css$": "<rootDir>/__mocks__/cssModule.ts",
  },
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};
