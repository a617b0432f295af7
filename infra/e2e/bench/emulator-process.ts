import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EmulatorCredentials, MutationSummary } from '../../m365-emulator/src/index';

/**
 * The M365 emulator in a process of its own, as Microsoft's servers are to the engine: the engine's
 * figures then measure the engine, not the emulator generating content on the same thread.
 */
export interface EmulatorProcess {
  url: string;
  credentials: EmulatorCredentials;
  mutate(fraction: number): Promise<MutationSummary>;
  /** CPU seconds (user + system) the emulator's process has used so far, from /proc (Linux); null elsewhere. */
  cpuSeconds(): number | null;
  /** Graph requests the emulator has answered so far (its /_emulator/info): each step of a batch, and over the network (a batch once). */
  graphRequests(): Promise<{ steps: number; http: number }>;
  stop(): Promise<void>;
}

/** utime + stime of a process, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux). */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const CLI = path.join(__dirname, '../../m365-emulator/src/cli.ts');

/** `nice`: the process's nice value (Linux; 0 keeps this one's), for benches where Graph's CPU must not count as the measured machine's. */
export async function startEmulatorProcess(options: { seed: string; size: number; nice?: number }): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    env: { ...process.env, PORT: '0', SEED: options.seed, SIZE: String(options.size) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (options.nice) os.setPriority(child.pid!, options.nice);
  const fields = await new Promise<Record<string, string>>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The CLI prints one `name value` line per credential, then the tenant's counts.
      if (!/\d+ users, /.test(out)) return;
      resolve(Object.fromEntries([...out.matchAll(/^\s+(\w+)\s+(\S+)/gm)].map((m) => [m[1], m[2]])));
    });
  });
  const credentials: EmulatorCredentials = {
    tenantId: fields.tenantId,
    clientId: fields.clientId,
    clientSecret: fields.clientSecret,
    graphBaseUrl: fields.graphBaseUrl,
    authorityUrl: fields.authorityUrl,
  };
  const origin = new URL(credentials.graphBaseUrl).origin;
  return {
    url: credentials.graphBaseUrl,
    credentials,
    async mutate(fraction) {
      const res = await fetch(`${origin}/_emulator/mutate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fraction }) });
      return (await res.json()) as MutationSummary;
    },
    cpuSeconds: () => processCpuSeconds(child.pid!),
    async graphRequests() {
      const res = await fetch(`${origin}/_emulator/info`);
      const { stats } = (await res.json()) as { stats: { graphRequests: number; graphHttpRequests: number } };
      return { steps: stats.graphRequests, http: stats.graphHttpRequests };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
