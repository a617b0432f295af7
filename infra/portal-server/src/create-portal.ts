import type { FastifyInstance } from 'fastify';
import type { Db } from '@portal/api';
import { API_START_TIMEOUT_MS, apiOptionsFromSettings, apiPlugin, listReleases, pointRemote, recordRelease, releaseFiles, setupApi } from '@portal/api';
import { recordMissingReleaseFiles } from '@portal/api/src/services/remote-ops-service';
import { assignCanaries, promoteDueCanaries, servedCanaries } from '@portal/api/src/services/canary-service';
import { listRegistryWithFallbacks } from '@portal/api/src/repositories/remote-ops-repository';
import type { EnvSettings } from '@portal/settings';
import { publishLocalBuilds, ReleaseRegistry } from './local-builds';
import { openRemoteStore } from './open-remote-store';
import { createPortalServer } from './server';
import type { PortalSettings } from './settings';

/** The whole portal in one process: API under /backend, the registry, the remote store and the host. */
export async function createPortal(
  settings: PortalSettings,
  /** Settings to use instead of those of settings.env (tests set JWT_SECRET or PORTAL_VERSION this way). */
  overrides: Partial<EnvSettings> = {},
  /** An open database instead of the one in DATA_DIR or DATABASE_URL (tests lease them from a pool). */
  database?: Db,
): Promise<FastifyInstance> {
  const env: EnvSettings = { ...settings.env, ...overrides };
  // Mail settings come from the same mapping as the standalone API's.
  const { smtpUrl, mailFrom, mailSenderDomains } = apiOptionsFromSettings(env);
  const { db, pluginOptions } = await setupApi({
    database,
    dataDir: settings.databaseUrl ? undefined : `${settings.dataDir}/db`,
    databaseUrl: settings.databaseUrl,
    jwtSecret: env.JWT_SECRET,
    version: env.PORTAL_VERSION,
    demo: settings.demo,
    smtpUrl,
    mailFrom,
    mailSenderDomains,
    settings: env,
    // Backup content sits beside the database in DATA_DIR, whether or not DATA_DIR was given.
    backup: { blobDir: env.BACKUP_BLOB_DIR ?? `${settings.dataDir}/blobs` },
  });

  const registry: ReleaseRegistry = {
    isRecorded: async (name, version) => (await listReleases(db, name)).some((r) => r.version === version),
    record: async (build, gitCommit) => {
      await recordRelease(db, { ...build, gitCommit });
    },
    point: async (name, version, actor) => {
      await pointRemote(db, name, version, actor);
    },
  };
  const remoteStore = openRemoteStore(settings);
  try {
    await publishLocalBuilds({ remotesDir: settings.remotesDir, store: remoteStore, repoRoot: settings.repoRoot, registry });
    const unpinned = await recordMissingReleaseFiles(db, remoteStore);
    const app = await createPortalServer(settings, {
      apiStartTimeoutMs: API_START_TIMEOUT_MS,
      mountApi: async (server, prefix) => {
        // The API verifies published version folders against the same store this server serves.
        const options = { ...pluginOptions, prefix, remoteStore };
        // onClose hooks run last-registered first: registered before the API, the database closes
        // after the API has stopped its engine (whose last writes need it), and a stopped portal's
        // data folder is consistent enough to copy.
        server.addHook('onClose', async () => db.close());
        await server.register(apiPlugin, options);
      },
      currentRemotes: async (sessionSeed) => {
        // Every page asks: canaries whose promote-after time has come are promoted on the way.
        await promoteDueCanaries(db);
        return assignCanaries(await listRegistryWithFallbacks(db), await servedCanaries(db), sessionSeed);
      },
      remoteFiles: async (name, version) => releaseFiles(db, name, version),
      remoteStore,
    });
    if (unpinned.length > 0) app.log.warn(`Remote versions whose files could not be hashed from the store (they will not load): ${unpinned.join(', ')}`);
    return app;
  } catch (error) {
    await db.close();
    throw error;
  }
}
