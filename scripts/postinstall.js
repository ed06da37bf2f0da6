/**
 * `npm ci` runs this (postinstall): with the development tools installed it builds everything (`npm run
 * build`: the token's ABI module, the web app, the server's JavaScript). A production install
 * (`npm ci --omit=dev`) has no compiler, bundler or tsx: it builds nothing and uses the build output shipped
 * with the tree (apps/api/dist, apps/web/dist), saying so if that output is missing.
 * Plain JavaScript, because it must run before (or without) tsx.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));

const buildTools = ["tsx", "esbuild", "solc", "vite"];
const absent = buildTools.filter((name) => {
  try {
    require.resolve(`${name}/package.json`, { paths: [root, join(root, "contracts"), join(root, "apps/web")] });
    return false;
  } catch {
    return true;
  }
});

if (absent.length === 0) {
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, "run", "build"], { cwd: root, stdio: "inherit" })
    : spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  process.exit(result.status ?? 1);
}

const outputs = ["apps/api/dist/server.js", "apps/web/dist/index.html"];
const missing = outputs.filter((path) => !existsSync(join(root, path)));
if (missing.length > 0) {
  console.warn(
    `ClassCoin: the build tools (${absent.join(", ")}) are not installed (npm ci --omit=dev), and the build output ${missing.join(
      " and ",
    )} is missing.\n` +
      "Build where the development tools are installed (`npm ci && npm run build`) and copy the tree with apps/api/dist and apps/web/dist, then `npm ci --omit=dev`.",
  );
} else {
  console.log(
    "ClassCoin: production install (no build tools); using the build output in apps/api/dist and apps/web/dist.",
  );
}
