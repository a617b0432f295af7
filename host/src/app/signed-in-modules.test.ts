// preloadSignedInPage (signed-in-modules.ts): a visit with a stored session starts the signed-in shell's
// modules from the entry, each in a task of its own, and the dashboard's only where the visit opens it.
type Preload = typeof import('./signed-in-modules').preloadSignedInPage;

const mockModules: { load: jest.Mock }[] = [];
jest.mock('../lib/preloadable', () => ({
  preloadable: () => {
    const module = { load: jest.fn(() => Promise.resolve({})), loaded: () => undefined };
    mockModules.push(module);
    return module;
  },
}));

let preloadSignedInPage: Preload;
// Imported after the mock's list exists (a static import is hoisted above it).
beforeAll(async () => {
  ({ preloadSignedInPage } = await import('./signed-in-modules'));
});

beforeEach(() => {
  jest.useFakeTimers();
  for (const module of mockModules) module.load.mockClear();
});
afterEach(() => jest.useRealTimers());

const started = () => mockModules.filter((module) => module.load.mock.calls.length > 0).length;

test('each module starts in a task of its own, none in the caller’s', () => {
  preloadSignedInPage('/dashboard');
  expect(started()).toBe(0);
  // A timer (a task) per module.
  expect(jest.getTimerCount()).toBe(mockModules.length);
  jest.runAllTimers();
  expect(started()).toBe(mockModules.length);
});

test("the dashboard's module only for a path that opens the dashboard", () => {
  preloadSignedInPage('/backup');
  jest.runAllTimers();
  expect(started()).toBe(mockModules.length - 1);
});
