// Time formatting is part of what the tests check: pin the zone so it is the
// same on every machine (the workers inherit it).
process.env.TZ = "UTC";

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "jsdom",
  // The root holds __mocks__/gatsby.tsx, which Jest only finds for node modules in a root.
  roots: ["<rootDir>"],
  testMatch: ["<rootDir>/__tests__/unit/**/*.test.{ts,tsx}"],
  modulePathIgnorePatterns: ["<rootDir>/public/", "<rootDir>/.cache/", "<rootDir>/node_modules/.cache/"],
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
