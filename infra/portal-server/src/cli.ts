import { EnvSettingsError, readEnvSettings } from '@portal/settings';
import { parseCliArgs, USAGE, UsageError } from './cli-args';
import { CliError, connectRegistry } from './registry-client';
import { federationName } from './remote-names';
import { formatCanary, formatRemoteStatus } from './format-remote-status';
import { portalSettings } from './settings';

// Only `deploy` needs the build and the remote store (with the S3 SDK): it loads them itself, so
// `rollback` and `status` start in a fraction of the time.

async function main(argv: string[]): Promise<number> {
  const command = parseCliArgs(argv);
  if (command.command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const settings = portalSettings(readEnvSettings());
  const started = Date.now();
  const registry = await connectRegistry(settings);
  try {
    console.error(`Registry: ${registry.description}`);
    if (command.command === 'deploy') {
      const [{ deployRemote }, { openRemoteStore }] = await Promise.all([import('./deploy'), import('./open-remote-store')]);
      const result = await deployRemote({
        input: command.name,
        settings,
        store: openRemoteStore(settings),
        registry,
        log: (line) => console.error(line),
        canary: command.canary,
      });
      const what = command.canary
        ? `Deployed ${result.name} ${result.version} as a canary to ${command.canary.percent}% of sessions (the others keep ${result.fromVersion ?? 'none'})` +
          (command.canary.promoteAfterMinutes ? `, promoted after ${command.canary.promoteAfterMinutes} min unless it fails` : '')
        : `Deployed ${result.name} ${result.version} (was ${result.fromVersion ?? 'none'})`;
      console.log(
        `${what}, integrity ${result.integrity}; ` +
          `build ${result.seconds.build.toFixed(1)} s, publish ${result.seconds.publish.toFixed(1)} s, total ${result.seconds.total.toFixed(1)} s`,
      );
    } else if (command.command === 'promote') {
      const canary = await registry.promoteCanary(federationName(settings.remotesDir, command.name));
      console.log(`Promoted the canary of ${canary.name}: ${canary.version} is live for everyone (was ${canary.stableVersion ?? 'none'})`);
    } else if (command.command === 'rollback') {
      const name = federationName(settings.remotesDir, command.name);
      const running = command.to ? undefined : (await registry.canaries()).find((c) => c.name === name && c.state === 'running');
      if (running) {
        await registry.rollbackCanary(name, command.reason);
        console.log(`Stopped the canary ${running.version} of ${name}: every session gets ${running.stableVersion ?? 'none'} again`);
      } else {
        const result = await registry.rollback(name, command.to, command.reason);
        console.log(
          `Rolled back ${result.name} from ${result.pointer.fromVersion ?? 'none'} to ${result.pointer.toVersion} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    } else {
      for (const remote of await registry.list()) console.log(formatRemoteStatus(remote));
      const canaries = await registry.canaries();
      if (canaries.length > 0) console.log(`canaries:\n${canaries.map(formatCanary).join('\n')}`);
    }
    return 0;
  } finally {
    await registry.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof CliError || error instanceof EnvSettingsError || (error instanceof Error && /^Unknown remote/.test(error.message));
    console.error(known ? (error as Error).message : error);
    process.exit(known ? 2 : 1);
  },
);
