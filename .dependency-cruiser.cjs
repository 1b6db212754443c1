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
      comment: "Features are put together by pages; components, state, the view models and the domain know no feature.",
      severity: "error",
      from: { path: "^src/(components|state|model|domain|publish|styles)/" },
      to: { path: "^src/features/" },
    },
    {
      name: "domain-is-pure",
      comment:
        "src/domain is the monitoring domain, pure TypeScript: it imports nothing but itself, the content schemas, the schema validator, croner (maintenance windows in their time zones), json-p3 (a check's JSONPath conditions) and re2js (their patterns, on an engine that cannot backtrack); no view model, no publishing, no React, Gatsby, styling or browser library.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { pathNot: "^src/domain/|^content/schema/|^node_modules/(ajv|ajv-formats|croner|json-p3|re2js)/" },
    },
    {
      name: "kernel-stands-alone",
      comment: "src/domain/kernel holds the words every slice shares (types, states, time, paths): it imports no slice's code.",
      severity: "error",
      from: { path: "^src/domain/kernel/" },
      // A name's type may be borrowed (a content issue names its file): types cost nothing at run time.
      to: { path: "^src/domain/", pathNot: "^src/domain/kernel/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "content-checks-every-slice-none-checks-content",
      comment:
        "src/domain/content validates every file, so it reads every slice's rules; no slice depends on it (a slice that did would run the validation to judge a check).",
      severity: "error",
      from: { path: "^src/domain/(checks|incidents|notify)/" },
      to: { path: "^src/domain/content/" },
    },
    {
      name: "checks-and-incidents-tell-nobody",
      comment: "checks and incidents (with maintenance) know nothing of who is told: notify reads them, never the reverse.",
      severity: "error",
      from: { path: "^src/domain/(checks|incidents)/" },
      to: { path: "^src/domain/notify/" },
    },
    {
      name: "reports-read-the-history",
      comment:
        "src/domain/reports reads what the checks kept (rollups, outages, sketches); the checks know nothing of reports, so a report can never change what the job keeps.",
      severity: "error",
      from: { path: "^src/domain/(checks|incidents|notify|content)/" },
      to: { path: "^src/domain/reports/" },
    },
    {
      name: "publish-is-pure",
      comment:
        "src/publish makes the published documents (the API and its schemas, RSS, badges, the site's address) from the domain and the figures the pages show: pure, and nothing of the browser.",
      severity: "error",
      from: { path: "^src/publish/" },
      to: { pathNot: "^src/(publish|domain|model)/|^content/schema/|^node_modules/(ajv|ajv-formats)/" },
    },
    {
      name: "view-models-are-pure",
      comment:
        "src/model holds the site's view models (fleet, server, map, shell, charts, export): pure, they read the domain and the published shapes, never a store, a component or a library of the browser.",
      severity: "error",
      from: { path: "^src/model/" },
      to: { pathNot: "^src/(model|domain|publish)/|^content/schema/|^node_modules/(ajv|ajv-formats)/" },
    },
    {
      name: "view-models-read-published-shapes-only",
      comment:
        "publish/ builds the published documents from the view models, so a view model that reads a published document back (the status feed, a month's report) names its shape only: a type, gone at run time, never publishing code. The one import against the rooms' direction, and why it stays: the shapes are the contract between the writer (publish/) and the pages that read them back.",
      severity: "error",
      from: { path: "^src/model/" },
      to: { path: "^src/publish/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "view-slices-lean-on-fleet-only",
      comment:
        "A view-model slice (server, map, shell, charts, export) reads the domain, the published shapes and fleet/ (the servers as the pages hold them, and their counts), never another slice: what two slices share moves to fleet/ or to the domain.",
      severity: "error",
      from: { path: "^src/model/(server|map|shell|charts|export)/" },
      // A slice may name another's type (a server's page carries the charts the build drew): types cost nothing at run time.
      to: { path: "^src/model/", pathNot: ["^src/model/fleet/", "^src/model/$1/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "jsonpath-stays-in-the-job",
      comment:
        "A check's JSONPath conditions and patterns are judged by the check job and checked by the validation (domain/checks/conditions.ts, domain/checks/patterns.ts): no page, feature, component, store or view model reaches json-p3 or re2js, so the site's JavaScript does not grow.",
      severity: "error",
      from: { path: "^src/(pages|templates|features|components|state|model)/|^gatsby-(browser|ssr)\\.tsx$" },
      to: { path: "^node_modules/(json-p3|re2js)/", reachable: true },
    },
    {
      name: "ui-knows-no-data",
      comment:
        "UI primitives take plain props (a tone, a label), never a server: they import neither model/, state/ nor the rooms above them.",
      severity: "error",
      from: { path: "^src/components/ui/" },
      to: { path: "^src/(model|domain|publish|state|components/(domain|layout))/" },
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
      comment: "Build-time code (gatsby/, scripts/) may use the domain, the view models and publishing, never components, state or pages.",
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
      to: { pathNot: "^src/(charts|model|domain)/|^node_modules/(react|victory)/|^node_modules/react-dom/server" },
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
      comment:
        "The check job (monitor/) shares the domain, publishing and the file store (io/) with the build, and nothing of the site or of the build (gatsby/).",
      severity: "error",
      from: { path: "^monitor/" },
      to: { path: "^src/(components|features|pages|state|styles)/|^gatsby/" },
    },
    {
      name: "io-is-the-file-store",
      comment:
        "io/ is where the job, the build and the scripts read and write files (the content, the job's files, their lock): it imports the domain (schemas, formats, names of files) and Node, nothing of the site, the build or the job.",
      severity: "error",
      from: { path: "^io/" },
      to: { path: "^(src/(?!domain/)|gatsby/|monitor/|scripts/)" },
    },
    {
      name: "nothing-imports-the-job",
      comment: "The job's network code stays in the job: the site and the build never import monitor/.",
      severity: "error",
      // bench:repo runs the job in its own process, with a clock that moves five minutes a run (no network, no waiting).
      from: { path: "^(src|io|gatsby|scripts)/", pathNot: "^scripts/bench-repo-growth\\.ts$" },
      to: { path: "^monitor/" },
    },
    {
      name: "editor-is-admin-only",
      comment:
        "src/editor is the web editor's code: the build bundles it apart into /admin (gatsby/files/editor.ts). No page, feature, component, store, view model, domain or publishing code imports it, so no route but /admin loads any of it.",
      severity: "error",
      from: { path: "^src/(pages|templates|features|components|state|model|domain|publish|styles|charts)/|^gatsby-(browser|ssr)\\.tsx$" },
      to: { path: "^src/editor/" },
    },
    {
      name: "editor-judges-with-the-domain",
      comment:
        "The web editor checks content with the build's own validation (src/domain) and lays files out with Prettier: it imports nothing of the site, the build or the job.",
      severity: "error",
      from: { path: "^src/editor/" },
      to: { pathNot: "^src/(editor|domain)/|^content/schema/|^\\.prettierrc\\.json$|^node_modules/prettier/" },
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
      from: { path: "^(src|io|gatsby|monitor)/", pathNot: "\\.d\\.ts$" },
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
