import type { RemoteStatus } from '@portal/api/src/services/remote-ops-service';
import type { CanaryList } from '@portal/contracts';

/** "3 d 4 h", "12 min", "40 s": how long a version was live, to the two largest units. */
export function formatDuration(seconds: number): string {
  const units: [string, number][] = [['d', 86_400], ['h', 3_600], ['min', 60], ['s', 1]];
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(seconds));
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < 2) parts.push(`${count} ${unit}`);
    else if (parts.length > 0) break;
  }
  return parts.length > 0 ? parts.join(' ') : '0 s';
}

/** `remote list` for one remote: its versions (live or never, for how long, rolled back), target and history. */
export function formatRemoteStatus(remote: RemoteStatus): string {
  const lines = [`${remote.name}  current: ${remote.current ?? '(none)'}  rollback goes to: ${remote.rollbackTarget ?? '(nothing)'}`];
  for (const r of remote.releases) {
    const mark = r.version === remote.current ? '*' : ' ';
    const live = r.everLive ? `live ${formatDuration(r.liveSeconds)}` : 'never live';
    const rolledBack = r.rolledBack ? `  ROLLED BACK ${r.rolledBack.at} by ${r.rolledBack.by}${r.rolledBack.reason ? `: ${r.rolledBack.reason}` : ''}` : '';
    lines.push(`  ${mark} ${r.version}  ${live}  built ${r.builtAt ?? '?'}  commit ${r.gitCommit?.slice(0, 12) ?? '?'}  published ${r.publishedAt}${rolledBack}`);
  }
  lines.push('  history:');
  for (const h of remote.history) {
    lines.push(`    ${h.at}  ${h.kind.padEnd(8)} ${h.fromVersion ?? '(none)'} -> ${h.toVersion}  by ${h.actor}${h.reason ? `  (${h.reason})` : ''}`);
  }
  return lines.join('\n');
}

/** One line for the latest canary of a remote: share, state, and what browsers reported since it started. */
export function formatCanary(c: CanaryList['canaries'][number]): string {
  const ended = c.state === 'running' ? (c.promoteAt ? `, promoted at ${c.promoteAt} unless it fails` : '') : ` ${c.endedAt} by ${c.endedBy}${c.reason ? `: ${c.reason}` : ''}`;
  return (
    `${c.name}  canary ${c.version} to ${c.percent}% (current ${c.stableVersion ?? 'none'})  ${c.state.toUpperCase().replace('_', ' ')}${ended}\n` +
    `    since ${c.startedAt}: canary ${c.canary.failures} of ${c.canary.loads} users failed, current ${c.stable.failures} of ${c.stable.loads}`
  );
}
