import { parseCliArgs, UsageError } from './cli-args';

test('parses deploy, rollback (with and without --to) and list', () => {
  expect(parseCliArgs(['remote', 'deploy', 'support'])).toEqual({ command: 'deploy', name: 'support' });
  expect(parseCliArgs(['--', 'remote', 'rollback', 'account-settings'])).toEqual({ command: 'rollback', name: 'account-settings' });
  expect(parseCliArgs(['remote', 'rollback', 'support', '--to', '0.1.0-abc'])).toEqual({ command: 'rollback', name: 'support', to: '0.1.0-abc' });
  expect(parseCliArgs(['remote', 'rollback', '--to=0.1.0-abc', 'support'])).toEqual({ command: 'rollback', name: 'support', to: '0.1.0-abc' });
  expect(parseCliArgs(['remote', 'rollback', 'support', '--reason', 'blank page on Safari'])).toEqual({ command: 'rollback', name: 'support', reason: 'blank page on Safari' });
  expect(parseCliArgs(['remote', 'rollback', 'support', '--reason=bad', '--to', '1.0.0'])).toEqual({ command: 'rollback', name: 'support', to: '1.0.0', reason: 'bad' });
  expect(parseCliArgs(['remote', 'list'])).toEqual({ command: 'list' });
  expect(parseCliArgs([])).toEqual({ command: 'help' });
});

test('refuses malformed commands with the usage text', () => {
  expect(() => parseCliArgs(['remote', 'deploy'])).toThrow(UsageError);
  expect(() => parseCliArgs(['remote', 'deploy', 'a', 'b'])).toThrow(/exactly one remote name/);
  expect(() => parseCliArgs(['remote', 'rollback', 'support', '--to'])).toThrow(/--to needs a version/);
  expect(() => parseCliArgs(['remote', 'list', 'x'])).toThrow(/takes no arguments/);
  expect(() => parseCliArgs(['remote', 'rollback', 'support', '--reason'])).toThrow(/--reason needs a text/);
  expect(() => parseCliArgs(['remote', 'deploy', 'support', '--reason', 'x'])).toThrow(/exactly one remote name/);
  expect(() => parseCliArgs(['remote', 'destroy', 'x'])).toThrow(/Unknown remote command "destroy"/);
  expect(() => parseCliArgs(['host', 'deploy'])).toThrow(/Unknown command "host"/);
  expect(() => parseCliArgs(['remote', 'deploy', 'support', '--force'])).toThrow(/Unknown option --force/);
});

test('parses canary deploys and promote, and refuses canary options that make no sense', () => {
  expect(parseCliArgs(['remote', 'deploy', 'support', '--canary', '50'])).toEqual({ command: 'deploy', name: 'support', canary: { percent: 50 } });
  expect(parseCliArgs(['remote', 'deploy', '--canary=10', 'support', '--promote-after', '30'])).toEqual({
    command: 'deploy',
    name: 'support',
    canary: { percent: 10, promoteAfterMinutes: 30 },
  });
  expect(parseCliArgs(['remote', 'promote', 'support'])).toEqual({ command: 'promote', name: 'support' });
  for (const bad of ['0', '101', '12.5', 'half', '-5']) {
    expect(() => parseCliArgs(['remote', 'deploy', 'support', `--canary=${bad}`])).toThrow(/whole percent from 1 to 100/);
  }
  expect(() => parseCliArgs(['remote', 'deploy', 'support', '--canary'])).toThrow(/--canary needs a percent/);
  expect(() => parseCliArgs(['remote', 'deploy', 'support', '--canary', '5', '--promote-after', '0'])).toThrow(/at least 1/);
  expect(() => parseCliArgs(['remote', 'deploy', 'support', '--promote-after', '5'])).toThrow(/goes with --canary/);
  expect(() => parseCliArgs(['remote', 'promote'])).toThrow(/exactly one remote name/);
  expect(() => parseCliArgs(['remote', 'rollback', 'support', '--canary', '5'])).toThrow(/exactly one remote name/);
});
