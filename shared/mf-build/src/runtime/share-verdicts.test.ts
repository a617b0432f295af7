import { createInstance } from '@module-federation/enhanced/runtime';
import { shareVerdictsPlugin } from './share-verdicts';

// The plugin's own satisfy, counted; the runtime's resolver keeps its internal one.
jest.mock('@module-federation/enhanced/runtime', () => {
  const actual = jest.requireActual('@module-federation/enhanced/runtime');
  return { ...actual, satisfy: jest.fn(actual.satisfy) };
});
const { satisfy } = jest.requireMock('@module-federation/enhanced/runtime') as { satisfy: jest.Mock };

const NAMES = Array.from({ length: 40 }, (_, i) => `@mui/material/Part${i}`);

function hostWith(version: string, requiredVersion: string, names = NAMES) {
  return createInstance({
    name: `host_${Math.random().toString(36).slice(2)}`,
    remotes: [],
    shared: Object.fromEntries(
      names.map((name) => [name, { version, lib: () => ({ name }), shareConfig: { singleton: true, requiredVersion } }]),
    ),
    plugins: [shareVerdictsPlugin()],
  });
}

beforeEach(() => satisfy.mockClear());

test('each shared singleton resolves to its own module while a (version, range) pair is checked once', async () => {
  const host = hostWith('7.3.9', '^7.3.0');
  const loaded = await Promise.all(NAMES.map(async (name) => ((await host.loadShare<{ name: string }>(name)) as () => { name: string })()));
  expect(loaded.map((m) => m.name)).toEqual(NAMES);
  expect(satisfy).toHaveBeenCalledTimes(1);
});

test('a singleton outside its range still goes to the default resolver, which warns', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const host = hostWith('6.0.0', '^7.3.0', ['@mui/material/Button']);
  const factory = (await host.loadShare<{ name: string }>('@mui/material/Button')) as () => { name: string };
  expect(factory().name).toBe('@mui/material/Button');
  expect(warn.mock.calls.flat().join(' ')).toMatch(/does not satisfy the requirement/);
  warn.mockRestore();
});
