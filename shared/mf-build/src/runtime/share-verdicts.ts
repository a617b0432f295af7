import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

/**
 * Build-time runtime plugin of every container (index.cjs: runtimePlugins): checks each
 * (version, required range) pair of the shared singletons once.
 *
 * Why: @mui/material is shared per component, so a signed-in load resolves about a hundred shared
 * modules that all carry the same version and range, and Module Federation's resolver runs its
 * semver parser (a dozen fresh RegExps each) for every one of them: about a fifth of the start-up
 * task that negotiates sharing, on a phone a long task of its own. The verdict depends only on the
 * pair, so it is kept; a singleton that does not satisfy its range still goes to the default
 * resolver, which warns (or throws under strictVersion) exactly as before.
 */
export function shareVerdictsPlugin(): ModuleFederationRuntimePlugin {
  const verdicts = new Map<string, boolean>();
  const satisfies = (version: string, range: string): boolean => {
    const key = `${version} ${range}`;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = satisfy(version, range);
      verdicts.set(key, verdict);
    }
    return verdict;
  };

  return {
    name: 'portal-share-verdicts',
    resolveShare(args: ResolveShareArgs) {
      const { shareConfig, treeShaking } = args.shareInfo;
      const range = shareConfig?.requiredVersion;
      // Only the singleton path is this simple; tree-shaken shares keep the default resolver.
      if (!shareConfig?.singleton || typeof range !== 'string' || treeShaking || !args.version) return args;
      if (!satisfies(args.version, range)) return args;
      const shared = args.shareScopeMap[args.scope]?.[args.pkgName]?.[args.version];
      if (shared) args.resolver = () => ({ shared, useTreesShaking: false });
      return args;
    },
  };
}

export default shareVerdictsPlugin;
