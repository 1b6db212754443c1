// @ts-check
/**
 * The linters of the house. ESLint checks the code (type-aware in TypeScript),
 * the hooks and accessibility of the components, and the two rules of the
 * house that are about code, not about layers:
 * - content is never rendered as HTML;
 * - mapbox-gl and xlsx load with import() when they are used, never with the page.
 * The layers (who may import whom) are dependency-cruiser's job: .dependency-cruiser.cjs.
 * Formatting is Prettier's: eslint-config-prettier switches off what would disagree with it.
 */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const HEAVY_LIBRARIES = {
  paths: [
    { name: "mapbox-gl", message: "Load mapbox-gl with import() when the reader starts the map.", allowTypeImports: true },
    { name: "xlsx", message: "Load xlsx with import() when the reader exports.", allowTypeImports: true },
  ],
  patterns: [{ group: ["mapbox-gl/*", "xlsx/*"], message: "Load it with import() at the moment of use.", allowTypeImports: true }],
};

const CONTENT_AS_TEXT = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Content is rendered as text: no dangerouslySetInnerHTML." },
  { selector: "CallExpression[callee.property.name='setHTML']", message: "Popups take setText or setDOMContent, never setHTML." },
  {
    selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
    message: "Content is rendered as text: set textContent, not innerHTML.",
  },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: "Content is rendered as text: no insertAdjacentHTML." },
];

/** src/domain, src/publish and src/model are pure: no browser globals (imports of React, Gatsby and the DOM are dependency-cruiser's). */
const BROWSER_GLOBALS = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "location",
  "history",
  "HTMLElement",
  "Element",
  "fetch",
];

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
      "tmp/",
      "src/gatsby-types.d.ts",
      "src/model/fleet/generated/",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Unused names are errors, except the ones a signature needs and rest siblings that leave a field out.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Type-only imports say so: they vanish from the bundle and from the layers' graph.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-restricted-imports": ["error", HEAVY_LIBRARIES],
      // Event handlers may be async: React ignores what they return, and each of ours catches its own errors.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs,jsx}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Served to the browser as it is, before anything else runs.
    files: ["static/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    // A declaration file has no code to load: it may name the heavy libraries' types.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}", "gatsby-browser.tsx", "gatsby-ssr.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      // TypeScript checks the props.
      "react/prop-types": "off",
      "no-restricted-syntax": ["error", ...CONTENT_AS_TEXT],
    },
  },
  {
    // The one place that puts markup into the page: the SVG our build drew with Victory (src/charts,
    // renderToStaticMarkup, every text escaped by React), never content. Everything else stays text.
    files: ["src/components/ui/DrawnChart.tsx"],
    rules: { "no-restricted-syntax": ["error", ...CONTENT_AS_TEXT.slice(1)] },
  },
  {
    files: ["src/domain/**", "src/publish/**", "src/model/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...BROWSER_GLOBALS.map((name) => ({ name, message: "src/domain, src/publish and src/model are pure: no browser globals." })),
      ],
    },
  },
  {
    files: ["__tests__/**", "__mocks__/**"],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    rules: {
      "no-restricted-properties": [
        "error",
        ...["describe", "it", "test"].flatMap((object) =>
          ["only", "skip"].map((property) => ({ object, property, message: "No focused or skipped tests on main." })),
        ),
      ],
      "no-restricted-globals": [
        "error",
        ...["fit", "fdescribe", "xit", "xdescribe", "xtest"].map((name) => ({ name, message: "No focused or skipped tests on main." })),
      ],
      // Tests may load the heavy libraries directly (to read a downloaded workbook, say).
      "@typescript-eslint/no-restricted-imports": "off",
      // `await act(async () => { … })` flushes React's effects even when the callback awaits nothing.
      "@typescript-eslint/require-await": "off",
      // jest.mock factories are hoisted above the imports: they must require().
      "@typescript-eslint/no-require-imports": "off",
      // Tests read untyped things on purpose (parsed JSON, spreadsheet cells, mocked modules) to check
      // them with expect(); the type checker still checks the tests themselves.
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  prettier,
);
