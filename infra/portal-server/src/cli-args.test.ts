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
