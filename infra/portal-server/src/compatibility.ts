// Can the host that is deployed now run this remote build? Compares the built manifests: every
// shared singleton of the remote must be provided by the host with the same major version (same
// major.minor below 1.0, as semver treats 0.x), and the host's shared-contract version must
// satisfy the range the remote declares (package.json "portal": { "contractVersion": "^1" }).
// Packages shared as a list of names (React Router, zod: shared/mf-build's subset shares) give the page
// the host's list, so a remote built with a name the host's list lacks would fail in the browser:
// every name of the remote's lists must be in the host's.

interface SharedEntry {
  name: string;
  version: string;
  singleton?: boolean;
  requiredVersion?: string;
}

export interface BuiltManifest {
  name?: string;
  shared?: SharedEntry[];
  portal?: { contractVersion?: string; requiredContractVersion?: string | null; buildLabel?: string; sharedNames?: Record<string, string[]> };
}

type Semver = [number, number, number];

export function parseVersion(version: string): Semver | null {
  const match = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(version.trim());
  if (!match) return null;
  const num = (s: string | undefined) => (s === undefined || s === 'x' || s === '*' ? 0 : Number(s));
  return [Number(match[1]), num(match[2]), num(match[3])];
}

const compare = (a: Semver, b: Semver) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The ranges remotes actually write: ^x[.y[.z]], ~x.y[.z], >=x.y.z, x.y.z, x / x.x. */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  const r = range.trim();
  if (!v) return false;
  if (r === '*' || r === '') return true;
  const op = /^(\^|~|>=)?\s*(.*)$/.exec(r)!;
  const base = parseVersion(op[2]);
  if (!base) return false;
  const parts = op[2].split('.').filter((p) => p !== 'x' && p !== '*').length;
  if (compare(v, base) < 0) return false;
  switch (op[1]) {
    case '>=':
      return true;
    case '^':
      if (base[0] > 0 || parts === 1) return v[0] === base[0];
      if (base[1] > 0 || parts === 2) return v[0] === 0 && v[1] === base[1];
      return v[0] === 0 && v[1] === 0 && v[2] === base[2];
    case '~':
      return parts === 1 ? v[0] === base[0] : v[0] === base[0] && v[1] === base[1];
    default:
      if (parts === 1) return v[0] === base[0];
      if (parts === 2) return v[0] === base[0] && v[1] === base[1];
      return compare(v, base) === 0;
  }
}

const compatibleLine = (v: Semver) => (v[0] === 0 ? `0.${v[1]}` : String(v[0]));

/** Problems that make the remote unusable with this host; empty when it may be deployed. */
export function compatibilityProblems(host: BuiltManifest, remote: BuiltManifest, remoteLabel: string): string[] {
  const problems: string[] = [];
  const provided = new Map((host.shared ?? []).map((s) => [s.name, s.version]));
  for (const shared of remote.shared ?? []) {
    if (shared.singleton === false) continue;
    const hostVersion = provided.get(shared.name);
    const needed = parseVersion(shared.version);
    if (!hostVersion) {
      problems.push(`${remoteLabel} shares ${shared.name} ${shared.version} as a singleton, but the host does not provide ${shared.name}.`);
      continue;
    }
    const have = parseVersion(hostVersion);
    if (!needed || !have || compatibleLine(needed) !== compatibleLine(have)) {
      problems.push(
        `${remoteLabel} needs ${shared.name} ${shared.version} (singleton), but the host provides ${shared.name} ${hostVersion}: the major versions differ.`,
      );
    }
  }
  problems.push(...subsetProblems(host, remote, remoteLabel));
  const required = remote.portal?.requiredContractVersion;
  const hostContract = host.portal?.contractVersion;
  if (!required) {
    problems.push(`${remoteLabel} declares no shared-contract version (package.json "portal": { "contractVersion": "^1" }).`);
  } else if (!hostContract) {
    problems.push(`The host build does not say which @portal/contracts version it provides: rebuild the host first.`);
  } else if (!satisfies(hostContract, required)) {
    problems.push(`${remoteLabel} needs @portal/contracts ${required}, but the host provides @portal/contracts ${hostContract}.`);
  }
  return problems;
}

/** Names of a subset share the remote was built with and the host's build does not give. */
function subsetProblems(host: BuiltManifest, remote: BuiltManifest, remoteLabel: string): string[] {
  const problems: string[] = [];
  for (const [request, names] of Object.entries(remote.portal?.sharedNames ?? {})) {
    const hostNames = host.portal?.sharedNames?.[request];
    if (!hostNames) {
      problems.push(`The host build does not list which names of ${request} it shares: rebuild the host first.`);
      continue;
    }
    const missing = names.filter((name) => !hostNames.includes(name));
    if (missing.length) problems.push(`${remoteLabel} uses ${request}'s ${missing.join(', ')}, which the host's build does not share: deploy a host built with them first.`);
  }
  return problems;
}
