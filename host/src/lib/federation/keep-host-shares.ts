interface SharedEntry {
  from?: string;
}
type ShareMap = Record<string, Record<string, Record<string, Record<string, SharedEntry>>>>;

/**
 * Remotes provide no shared module (mf-build's sharedConfig gives them `import: false`): every entry
 * of the share scope holds the host's factory. The runtime still names the first container that
 * loaded an entry as its `from`, and removing that container (registerRemotes with force, to switch
 * a remote to another version) deletes the entries it loaded that nobody else has used yet, so the
 * next version would find neither the host's module nor one of its own. Handing those entries back
 * to the host before the switch keeps them, already loaded: one instance for the page.
 */
export function keepHostShares(remoteName: string, hostName: string, share: ShareMap | undefined = globalShare()): number {
  let kept = 0;
  for (const scopes of Object.values(share ?? {}))
    for (const packages of Object.values(scopes))
      for (const versions of Object.values(packages))
        for (const entry of Object.values(versions)) {
          if (entry?.from !== remoteName) continue;
          entry.from = hostName;
          kept++;
        }
  return kept;
}

function globalShare(): ShareMap | undefined {
  return (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: ShareMap } }).__FEDERATION__?.__SHARE__;
}
