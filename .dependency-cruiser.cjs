/**
 * Architecture rules, checked by `npm run lint` (DESIGN.md "Layout"): no cycles; shared code depends on no
 * app; the API's infrastructure (chain, db, auth, http) knows no feature; features on either side do not
 * import each other, except the few edges declared here; the web's ui/ and lib/ know no feature.
 * Type-only imports count: a cycle through a type is still a cycle a reader has to untangle.
 */

/**
 * API feature → feature edges that are part of the design: feature name → what else it may import, with why.
 * Every other edge between two API features is an error.
 */
const apiFeatureEdges = {
  // features/admin mounts every entity's admin routes, and its dashboard counts every entity.
  admin: ["^apps/api/src/features/[^/]+/(admin-routes|service)\\.ts$"],
  // Profiles and projects store their pictures through the images feature (checks, re-encoding, storage);
  // profile creation asks the whitelist its one rule ("may this wallet create a profile").
  profiles: ["^apps/api/src/features/images/", "^apps/api/src/features/whitelist/service\\.ts$"],
  // A post shows its author's profile name and photo.
  posts: ["^apps/api/src/features/profiles/service\\.ts$"],
  // A comment vote follows the profiles' one rule for who votes.
  comments: ["^apps/api/src/features/profiles/service\\.ts$"],
  // A submission shows its author's profile; its pictures go through the images feature.
  projects: ["^apps/api/src/features/images/", "^apps/api/src/features/profiles/service\\.ts$"],
  // The Feed's images go through the images feature (checks by bytes, re-encoding, storage, serving).
  feed: ["^apps/api/src/features/images/"],
  // An archive keeps the semester's leaderboard as the leaderboard computes it, and its predictions as the
  // predictions feature reads them; images a removal from an archive leaves shown nowhere are deleted by the
  // image sweep's rule.
  semesters: [
    "^apps/api/src/features/leaderboard/service\\.ts$",
    "^apps/api/src/features/predictions/read\\.ts$",
    "^apps/api/src/features/images/sweep\\.ts$",
  ],
};
const withEdges = Object.keys(apiFeatureEdges);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: split the shared part into its own module (see apps/api/src/deps.ts).",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-imports-no-app",
      severity: "error",
      comment: "packages/shared is used by the API and the web app; it cannot depend on either.",
      from: { path: "^packages/shared/" },
      to: { path: "^(apps|e2e|bench|scripts|stress)/" },
    },
    {
      name: "contracts-import-no-app",
      severity: "error",
      from: { path: "^contracts/", pathNot: "^contracts/test/" },
      to: { path: "^(apps|packages|e2e|bench|scripts|stress)/" },
    },
    {
      name: "api-infrastructure-imports-no-feature",
      severity: "error",
      comment: "chain/, db/, auth/ and http/ serve every feature; a feature plugs into them, not the reverse.",
      from: { path: "^apps/api/src/(chain|db|auth|http)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/api/src/features/" },
    },
    {
      name: "api-features-do-not-import-each-other",
      severity: "error",
      comment: "A feature that needs another's rule gets it through deps or a module outside features/.",
      from: {
        path: `^apps/api/src/features/${withEdges.map((f) => `(?!${f}/)`).join("")}([^/]+)/`,
        pathNot: "\\.test\\.ts$",
      },
      to: { path: "^apps/api/src/features/", pathNot: "^apps/api/src/features/$1/" },
    },
    ...Object.entries(apiFeatureEdges).map(([feature, allowed]) => ({
      name: `api-feature-${feature}-imports-only-its-declared-edges`,
      severity: "error",
      from: { path: `^apps/api/src/features/${feature}/`, pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/api/src/features/", pathNot: [`^apps/api/src/features/${feature}/`, ...allowed] },
    })),
    {
      name: "web-features-do-not-import-each-other",
      severity: "error",
      comment: "app/ composes features; shared pieces live in ui/, lib/ or wallet/.",
      from: { path: "^apps/web/src/features/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-layers-import-no-feature",
      severity: "error",
      comment: "ui/, lib/ and wallet/ are used by every feature; they cannot depend on one (or on app/).",
      from: { path: "^apps/web/src/(ui|lib|wallet)/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "production-code-imports-no-test-code",
      severity: "error",
      from: { path: "^(apps|packages|contracts)/", pathNot: ["\\.test\\.tsx?$", "/testing/"] },
      to: { path: ["\\.test\\.tsx?$", "^apps/api/src/testing/", "^e2e/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "/dist/", "\\.d\\.ts$", "apps/web/vite\\.config\\.ts"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
