import { EnvSettingsError, readEnvSettings } from '@portal/settings';
import { parseCliArgs, USAGE, UsageError } from './cli-args';
import { CliError, connectRegistry } from './registry-client';
import { federationName } from './remote-names';
import { formatRemoteStatus } from './format-remote-status';
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
      });
      console.log(
        `Deployed ${result.name} ${result.version} (was ${result.fromVersion ?? 'none'}), integrity ${result.integrity}; ` +
          `build ${result.seconds.build.toFixed(1)} s, publish ${result.seconds.publish.toFixed(1)} s, total ${result.seconds.total.toFixed(1)} s`,
      );
    } else if (command.command === 'rollback') {
      const result = await registry.rollback(federationName(settings.remotesDir, command.name), command.to, command.reason);
      console.log(
        `Rolled back ${result.name} from ${result.pointer.fromVersion ?? 'none'} to ${result.pointer.toVersion} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } else {
      for (const remote of await registry.list()) console.log(formatRemoteStatus(remote));
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
