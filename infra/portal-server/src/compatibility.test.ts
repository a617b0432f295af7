import { compatibilityProblems, satisfies, type BuiltManifest } from './compatibility';

const host: BuiltManifest = {
  shared: [
    { name: 'react', version: '19.3.1', singleton: true },
    { name: '@mui/material', version: '7.3.11', singleton: true },
    { name: '@portal/ui', version: '0.1.0', singleton: true },
  ],
  portal: { contractVersion: '1.0.0' },
};
const remote = (shared: BuiltManifest['shared'], requiredContractVersion: string | null = '^1'): BuiltManifest => ({
  shared,
  portal: { requiredContractVersion },
});

test('semver ranges the remotes use', () => {
  expect(satisfies('1.0.0', '^1')).toBe(true);
  expect(satisfies('1.4.2', '^1.2')).toBe(true);
  expect(satisfies('2.0.0', '^1')).toBe(false);
  expect(satisfies('1.1.0', '^1.2.0')).toBe(false);
  expect(satisfies('0.2.0', '^0.1.0')).toBe(false);
  expect(satisfies('0.1.5', '^0.1.0')).toBe(true);
  expect(satisfies('1.2.9', '~1.2')).toBe(true);
  expect(satisfies('1.3.0', '~1.2')).toBe(false);
  expect(satisfies('3.0.0', '>=2.1.0')).toBe(true);
  expect(satisfies('1.0.0', '1.x')).toBe(true);
});

test('a remote whose singletons and contract the host satisfies may be deployed', () => {
  expect(compatibilityProblems(host, remote([{ name: 'react', version: '19.2.0', singleton: true }]), 'support')).toEqual([]);
});

test('refuses a different singleton major, a singleton the host lacks, and an unsatisfied contract, naming package and versions', () => {
  const problems = compatibilityProblems(
    host,
    remote(
      [
        { name: 'react', version: '20.0.0', singleton: true },
        { name: '@portal/ui', version: '0.2.0', singleton: true },
        { name: 'zustand', version: '5.1.0', singleton: true },
      ],
      '^2',
    ),
    'support (support)',
  );
  expect(problems).toEqual([
    'support (support) needs react 20.0.0 (singleton), but the host provides react 19.3.1: the major versions differ.',
    'support (support) needs @portal/ui 0.2.0 (singleton), but the host provides @portal/ui 0.1.0: the major versions differ.',
    'support (support) shares zustand 5.1.0 as a singleton, but the host does not provide zustand.',
    'support (support) needs @portal/contracts ^2, but the host provides @portal/contracts 1.0.0.',
  ]);
  expect(compatibilityProblems(host, remote([], null), 'x')).toEqual([
    'x declares no shared-contract version (package.json "portal": { "contractVersion": "^1" }).',
  ]);
});

test("refuses a remote built with a name of a subset share (zod, React Router) that the host's list lacks", () => {
  const listing = (zod: string[]): BuiltManifest['portal'] => ({ sharedNames: { zod, 'react-router-dom': ['Link'] } });
  const hostWith = (zod: string[]): BuiltManifest => ({ ...host, portal: { ...host.portal, ...listing(zod) } });
  const remoteWith = (zod: string[]): BuiltManifest => ({ shared: [], portal: { requiredContractVersion: '^1', ...listing(zod) } });
  expect(compatibilityProblems(hostWith(['object', 'string', 'uuid']), remoteWith(['object', 'string']), 'support')).toEqual([]);
  expect(compatibilityProblems(hostWith(['object']), remoteWith(['object', 'string', 'uuid']), 'support')).toEqual([
    "support uses zod's string, uuid, which the host's build does not share: deploy a host built with them first.",
  ]);
  expect(compatibilityProblems(host, remoteWith(['object']), 'support')).toEqual([
    'The host build does not list which names of zod it shares: rebuild the host first.',
    'The host build does not list which names of react-router-dom it shares: rebuild the host first.',
  ]);
});
