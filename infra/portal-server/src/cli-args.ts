export type CliCommand =
  | { command: 'deploy'; name: string }
  | { command: 'rollback'; name: string; to?: string; reason?: string }
  | { command: 'list' }
  | { command: 'help' };

export const USAGE = `Usage:
  pnpm portal remote deploy <name>                 build one remote, publish it, make it current
  pnpm portal remote rollback <name> [--to <ver>] [--reason <text>]
                                                   move the pointer back: to the version live before the
                                                   current one (never one already rolled back away from),
                                                   or to the version named; the version left is marked
  pnpm portal remote list                          versions (live or not, for how long, rolled back),
                                                   current version, rollback target and history

<name> is a folder under remotes/ (support, account-settings) or a federation name (account_settings).
Environment: DATA_DIR (remote store and embedded database), PORTAL_URL (a running portal, default
http://localhost:8080), PORTAL_USERNAME / PORTAL_PASSWORD (an ADMIN, used when a portal is running).`;

export class UsageError extends Error {}

export function parseCliArgs(argv: string[]): CliCommand {
  const args = argv.filter((a) => a !== '--');
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) return { command: 'help' };
  const [group, command, ...rest] = args;
  if (group !== 'remote') throw new UsageError(`Unknown command "${group}".\n${USAGE}`);
  const positional: string[] = [];
  let to: string | undefined;
  let reason: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--to') {
      to = rest[++i];
      if (!to) throw new UsageError('--to needs a version');
    } else if (arg.startsWith('--to=')) {
      to = arg.slice('--to='.length);
    } else if (arg === '--reason') {
      reason = rest[++i];
      if (!reason) throw new UsageError('--reason needs a text');
    } else if (arg.startsWith('--reason=')) {
      reason = arg.slice('--reason='.length);
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option ${arg}.\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  switch (command) {
    case 'list':
      if (positional.length > 0 || to || reason) throw new UsageError(`"remote list" takes no arguments.\n${USAGE}`);
      return { command: 'list' };
    case 'deploy':
      if (positional.length !== 1 || to || reason) throw new UsageError(`"remote deploy" takes exactly one remote name.\n${USAGE}`);
      return { command: 'deploy', name: positional[0] };
    case 'rollback':
      if (positional.length !== 1) throw new UsageError(`"remote rollback" takes exactly one remote name.\n${USAGE}`);
      return { command: 'rollback', name: positional[0], ...(to ? { to } : {}), ...(reason ? { reason } : {}) };
    default:
      throw new UsageError(`Unknown remote command "${command ?? ''}".\n${USAGE}`);
  }
}
