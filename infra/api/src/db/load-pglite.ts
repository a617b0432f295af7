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
