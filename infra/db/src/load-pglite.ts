import vm from 'node:vm';

type PGliteModule = typeof import('@electric-sql/pglite');
type NodeModuleApi = typeof import('node:module');

/**
 * A require from the host realm, bypassing jest's module sandbox. Needed because PGlite's CommonJS
 * build loads node built-ins with dynamic `import()` (refused inside jest without
 * --experimental-vm-modules) and jest also wraps `createRequire`. Under plain node or tsx this is
 * an ordinary require.
 */
export function hostRequire(id: string, from: string = __filename): unknown {
  const hostProcess = vm.runInThisContext('process') as NodeJS.Process & {
    getBuiltinModule?: (name: string) => NodeModuleApi;
  };
  const nodeModule = hostProcess.getBuiltinModule?.('node:module');
  return nodeModule ? nodeModule.createRequire(from)(id) : require(id);
}

let cached: PGliteModule | undefined;

export function loadPglite(): PGliteModule {
  cached ??= hostRequire('@electric-sql/pglite') as PGliteModule;
  return cached;
}

export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

const ASSETS_KEY = Symbol.for('portal.pgliteAssets');

/**
 * PGlite's compiled WebAssembly and file-system bundle, made once per process and handed to every
 * later open. The test suites open a fresh database per test (hundreds per worker), and this saves
 * each of them the compile. Kept on the host realm's global so it outlives jest's per-file module
 * registry; compiled with the host realm's WebAssembly, which is where PGlite itself runs.
 */
export function pgliteAssets(): Promise<PgliteAssets> {
  const hostGlobal = vm.runInThisContext('globalThis') as typeof globalThis & { [ASSETS_KEY]?: Promise<PgliteAssets> };
  hostGlobal[ASSETS_KEY] ??= (async () => {
    const fs = hostRequire('node:fs') as typeof import('node:fs');
    const path = hostRequire('node:path') as typeof import('node:path');
    const { Blob: HostBlob } = hostRequire('node:buffer') as typeof import('node:buffer');
    const dist = path.dirname((hostRequire('node:module') as NodeModuleApi).createRequire(__filename).resolve('@electric-sql/pglite'));
    const read = (file: string) => fs.promises.readFile(path.join(dist, file));
    const [pglite, initdb, data] = await Promise.all([read('pglite.wasm'), read('initdb.wasm'), read('pglite.data')]);
    return {
      pgliteWasmModule: await hostGlobal.WebAssembly.compile(pglite),
      initdbWasmModule: await hostGlobal.WebAssembly.compile(initdb),
      fsBundle: new HostBlob([data]) as unknown as Blob,
    };
  })();
  return hostGlobal[ASSETS_KEY];
}
