/**
 * The layers of the house (ARCHITECTURE.md, "Rules of the house"), checked by
 * dependency-cruiser on every `npm run lint`. Arrows point one way:
 *
 *   pages → features → components (layout → domain → ui) / state / model
 *
 * Type-only imports count too: a type is knowledge as much as a function is.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "feature-to-feature",
      comment: "A feature never imports another feature: what two features share moves down to components/ or model/.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/([^/]+)/", pathNot: "^src/features/$1/" },
    },
    {
      name: "nothing-imports-pages",
      comment: "Pages and the templates of generated pages are the top of the house: they compose, nothing composes them.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(pages|templates)/" },
      to: { path: "^src/(pages|templates)/" },
    },
    {
      name: "only-pages-import-features",
      comment: "Features are put together by pages; components, state and model know no feature.",
      severity: "error",
      from: { path: "^src/(components|state|model|styles)/" },
      to: { path: "^src/features/" },
    },
    {
      name: "model-is-pure",
      comment:
        "src/model is pure TypeScript: it imports nothing but itself, the content schemas, the schema validator, croner (maintenance windows in their time zones), json-p3 (a check's JSONPath conditions) and re2js (their patterns, on an engine that cannot backtrack); no React, Gatsby, styling or browser library, nothing else of src.",
      severity: "error",
      from: { path: "^src/model/" },
      to: { pathNot: "^src/model/|^content/schema/|^node_modules/(ajv|ajv-formats|croner|json-p3|re2js)/" },
    },
    {
      name: "jsonpath-stays-in-the-job",
      comment:
        "A check's JSONPath conditions and patterns are judged by the check job and checked by the validation (model/checkConditions.ts, model/safePattern.ts): no page, feature, component or store reaches json-p3 or re2js, so the site's JavaScript does not grow.",
      severity: "error",
      from: { path: "^src/(pages|templates|features|components|state)/|^gatsby-(browser|ssr)\\.tsx$" },
      to: { path: "^node_modules/(json-p3|re2js)/", reachable: true },
    },
    {
      name: "ui-knows-no-data",
      comment:
        "UI primitives take plain props (a tone, a label), never a server: they import neither model/, state/ nor the rooms above them.",
      severity: "error",
      from: { path: "^src/components/ui/" },
      to: { path: "^src/(model|state|components/(domain|layout))/" },
    },
    {
      name: "domain-knows-no-store",
      comment: "Shared pieces that know servers (components/domain) render what they are given: no store, no shell.",
      severity: "error",
      from: { path: "^src/components/domain/" },
      to: { path: "^src/(state|components/layout)/" },
    },
    {
      name: "stores-know-no-screen",
      comment: "Client stores hold data and its rules; they import model/ only, never components or styles.",
      severity: "error",
      from: { path: "^src/state/" },
      to: { path: "^src/(components|styles)/" },
    },
    {
      name: "styles-stand-alone",
      comment: "The stylesheets helper and the breakpoint depend on nothing else of src.",
      severity: "error",
      from: { path: "^src/styles/" },
      to: { path: "^src/", pathNot: "^src/styles/" },
    },
    {
      name: "build-uses-model-only",
      comment: "Build-time code (gatsby/, scripts/) may use the model, never components, state or pages.",
      severity: "error",
      from: { path: "^(gatsby|scripts)/" },
      to: { path: "^src/(components|features|pages|state|styles)/" },
    },
    {
      name: "charts-are-build-time",
      comment:
        "src/charts draws charts with Victory in Node at build time: only build code (gatsby/, scripts/) imports it, so no page's code can pull Victory in.",
      severity: "error",
      from: { pathNot: "^(gatsby|scripts|src/charts)/" },
      to: { path: "^src/charts/" },
    },
    {
      name: "charts-draw-with-victory-only",
      comment: "src/charts imports the model (data types and ticks), React, react-dom/server and victory: nothing of the site.",
      severity: "error",
      from: { path: "^src/charts/" },
      to: { pathNot: "^src/(charts|model)/|^node_modules/(react|victory)/|^node_modules/react-dom/server" },
    },
    {
      name: "no-victory-in-the-browser",
      comment:
        "Victory never ships: nothing but src/charts (build time) imports it; a page shows a drawing through components/ui/DrawnChart.",
      severity: "error",
      from: { pathNot: "^src/charts/" },
      to: { path: "^node_modules/victory" },
    },
    {
      name: "job-uses-model-only",
      comment: "The check job (monitor/) shares the model and the content reader with the build, and nothing of the site.",
      severity: "error",
      from: { path: "^monitor/" },
      to: { path: "^src/(components|features|pages|state|styles)/|^gatsby/(?!readContent)" },
    },
    {
      name: "nothing-imports-the-job",
      comment: "The job's network code stays in the job: the site and the build never import monitor/.",
      severity: "error",
      from: { path: "^(src|gatsby|scripts)/" },
      to: { path: "^monitor/" },
    },
    {
      name: "no-circular",
      comment: "A cycle makes two modules one; split what they share into a third.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves to a file or an installed package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "not-to-dev-dep",
      comment: "What the site ships uses dependencies, not devDependencies (those are for tests and tools).",
      severity: "error",
      from: { path: "^(src|gatsby|monitor)/", pathNot: "\\.d\\.ts$" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(public|\\.cache)/|gatsby-types\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
