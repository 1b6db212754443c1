// Time formatting is part of what the tests check: pin the zone so it is the
// same on every machine (the workers inherit it).
process.env.TZ = "UTC";

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "jsdom",
  roots: ["<rootDir>/__tests__/unit"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    "\\.(css)$": "<rootDir>/__mocks__/styleMock.js",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|lucide-react)/)"],
  globals: { __PATH_PREFIX__: "" },
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};
