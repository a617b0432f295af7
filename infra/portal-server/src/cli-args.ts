export interface CanaryOptions {
  percent: number;
  promoteAfterMinutes?: number;
}

export type CliCommand =
  | { command: 'deploy'; name: string; canary?: CanaryOptions }
  | { command: 'rollback'; name: string; to?: string; reason?: string }
  | { command: 'promote'; name: string }
  | { command: 'list' }
  | { command: 'help' };

export const USAGE = `Usage:
  pnpm portal remote deploy <name>                 build one remote, publish it, make it current
  pnpm portal remote deploy <name> --canary <percent> [--promote-after <minutes>]
                                                   the same, but serve it to <percent> of sessions only
                                                   (sticky per session), the rest keep the current one;
                                                   rolled back by itself when it fails more than the
                                                   current one, promoted by \`promote\` or after <minutes>
  pnpm portal remote promote <name>                make the running canary the version for everyone
  pnpm portal remote rollback <name> [--to <ver>] [--reason <text>]
                                                   move the pointer back: to the version live before the
                                                   current one (never one already rolled back away from),
                                                   or to the version named; the version left is marked.
                                                   With a canary running and no --to, stops the canary instead
  pnpm portal remote list                          versions (live or not, for how long, rolled back),
                                                   current version, rollback target and history

<name> is a folder under remotes/ (support, account-settings) or a federation name (account_settings).
Environment: DATA_DIR (remote store and embedded database), PORTAL_URL (a running portal, default
http://localhost:8080), PORTAL_USERNAME / PORTAL_PASSWORD (an ADMIN, used when a portal is running).`;

export class UsageError extends Error {}

const WHOLE = /^[0-9]+$/;

/** The server checks them again (startCanaryRequestSchema); here for a clear message before a build. */
function canaryOptions(percent: string, promoteAfter: string | undefined): CanaryOptions {
  if (!WHOLE.test(percent) || Number(percent) < 1 || Number(percent) > 100) throw new UsageError(`--canary takes a whole percent from 1 to 100, not "${percent}"`);
  if (promoteAfter !== undefined && (!WHOLE.test(promoteAfter) || Number(promoteAfter) < 1)) {
    throw new UsageError(`--promote-after takes a whole number of minutes (at least 1), not "${promoteAfter}"`);
  }
  return { percent: Number(percent), ...(promoteAfter === undefined ? {} : { promoteAfterMinutes: Number(promoteAfter) }) };
}

export function parseCliArgs(argv: string[]): CliCommand {
  const args = argv.filter((a) => a !== '--');
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) return { command: 'help' };
  const [group, command, ...rest] = args;
  if (group !== 'remote') throw new UsageError(`Unknown command "${group}".\n${USAGE}`);
  const positional: string[] = [];
  let to: string | undefined;
  let reason: string | undefined;
  let percent: string | undefined;
  let promoteAfter: string | undefined;
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
    } else if (arg === '--canary' || arg.startsWith('--canary=')) {
      percent = arg === '--canary' ? rest[++i] : arg.slice('--canary='.length);
      if (!percent) throw new UsageError('--canary needs a percent');
    } else if (arg === '--promote-after' || arg.startsWith('--promote-after=')) {
      promoteAfter = arg === '--promote-after' ? rest[++i] : arg.slice('--promote-after='.length);
      if (!promoteAfter) throw new UsageError('--promote-after needs a number of minutes');
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
      if (promoteAfter !== undefined && percent === undefined) throw new UsageError('--promote-after goes with --canary');
      return { command: 'deploy', name: positional[0], ...(percent === undefined ? {} : { canary: canaryOptions(percent, promoteAfter) }) };
    case 'promote':
      if (positional.length !== 1 || to || reason || percent || promoteAfter) throw new UsageError(`"remote promote" takes exactly one remote name.\n${USAGE}`);
      return { command: 'promote', name: positional[0] };
    case 'rollback':
      if (positional.length !== 1 || percent || promoteAfter) throw new UsageError(`"remote rollback" takes exactly one remote name.\n${USAGE}`);
      return { command: 'rollback', name: positional[0], ...(to ? { to } : {}), ...(reason ? { reason } : {}) };
    default:
      throw new UsageError(`Unknown remote command "${command ?? ''}".\n${USAGE}`);
  }
}
