import { createFolderRemoteStore, type RemoteStore } from './remote-store';
import { createS3RemoteStore } from './remote-store-s3';
import type { PortalSettings } from './settings';

/** The configured remote store: the bucket when REMOTE_STORE_URL is set, else DATA_DIR/remote-store. */
export function openRemoteStore(settings: PortalSettings): RemoteStore {
  const options = { precompressCacheDir: settings.precompressCacheDir };
  return settings.s3RemoteStore
    ? createS3RemoteStore(settings.s3RemoteStore, undefined, options)
    : createFolderRemoteStore(settings.remoteStoreDir, options);
}
