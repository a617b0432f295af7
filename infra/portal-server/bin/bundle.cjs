'use strict';
// Bundles an entry (src/cli.ts for `pnpm portal`, src/main.ts for `pnpm start`) and the workspace
// sources it reaches into one CommonJS file, so the process starts without a TypeScript loader
// (tsx's hooks and a module graph of hundreds of files cost more than the rest of a rollback, and
// seconds of every server start). Third-party packages stay outside the bundle, each required by the
// absolute path it resolves to from the file that imports it (pnpm gives every package only its own
// dependencies). Workspace files keep their own __dirname and __filename (migrations, PGlite's
// assets and the repository root are found from them). The list of inputs written beside the
// bundle lets the launcher tell when it is out of date.
const fs = require('node:fs');
const path = require('node:path');

const WORKSPACE = path.resolve(__dirname, '..', '..', '..');

// Plain JavaScript that finds no files of its own at run time, and that the CLI loads on every call:
// bundled too, since requiring it file by file costs more than the rest of a rollback.
const BUNDLED_PACKAGES = ['zod'];

function isBundled(file) {
  const parts = file.split(path.sep);
  const modules = parts.lastIndexOf('node_modules');
  if (modules === -1) return file.startsWith(WORKSPACE + path.sep);
  const name = parts[modules + 1].startsWith('@') ? `${parts[modules + 1]}/${parts[modules + 2]}` : parts[modules + 1];
  return BUNDLED_PACKAGES.includes(name);
}

/** Workspace files and BUNDLED_PACKAGES are bundled; everything else is required from where it resolved. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || require('node:module').isBuiltin(args.path)) return { path: args.path, external: true };
      let resolved;
      try {
        resolved = require.resolve(args.path, { paths: [args.resolveDir] });
      } catch {
        return undefined; // a TypeScript-only workspace path (e.g. @portal/api/src/...): esbuild resolves it
      }
      const real = fs.realpathSync(resolved);
      // Bundled: esbuild resolves it again with the "import" condition, so its ES modules can be tree-shaken.
      return isBundled(real) ? undefined : { path: real, external: true };
    });
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/\b__filename\b/g, JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Builds `bundle` from `entry` (written atomically) and `${bundle}.inputs.json`; resolves when both are in place. */
async function bundleEntry(entry, bundle) {
  const esbuild = require('esbuild'); // here, not at the top: an up-to-date launch never loads it
  const temp = `${bundle}.${process.pid}.tmp`;
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    plugins: [externalPackages],
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: WORKSPACE,
  });
  const bundled = Object.keys(result.metafile.inputs).map((file) => path.resolve(WORKSPACE, file));
  const external = Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external && path.isAbsolute(entry.path))
    .map((entry) => entry.path);
  const inputs = [...new Set([__filename, ...bundled, ...external])].map((file) => {
    const stat = fs.statSync(file);
    return [file, stat.size, stat.mtimeMs];
  });
  // The bundle first: a launcher that reads the new bundle with the old list rebuilds, never the reverse.
  fs.writeFileSync(`${temp}.inputs.json`, JSON.stringify(inputs));
  fs.renameSync(temp, bundle);
  fs.renameSync(`${temp}.inputs.json`, `${bundle}.inputs.json`);
}

/** Whether `bundle` exists and every file it was made from still has the size and time it had then. */
function upToDate(bundle) {
  try {
    const inputs = JSON.parse(fs.readFileSync(`${bundle}.inputs.json`, 'utf8'));
    return (
      fs.existsSync(bundle) &&
      inputs.every(([file, size, mtimeMs]) => {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
      })
    );
  } catch {
    return false;
  }
}

/** `node <this launcher>`: runs `bundle`, made again from `entry` first when it is out of date. */
async function runBundled(entry, bundle) {
  if (!upToDate(bundle)) {
    fs.mkdirSync(path.dirname(bundle), { recursive: true });
    await bundleEntry(entry, bundle);
  }
  require(bundle);
}

module.exports = { bundleEntry, runBundled, upToDate };
