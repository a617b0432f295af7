import { readEnvSettings } from './read-env-settings';
import { s3Bucket } from './s3-connection';

describe('the S3 buckets', () => {
  it('reach the remote store and the backup blob store through one connection', () => {
    const env = readEnvSettings({
      REMOTE_STORE_URL: 's3://portal-remotes/prod',
      BACKUP_BLOB_URL: 's3://portal-backups/prod/blobs/',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      AWS_REGION: 'eu-west-1',
    });
    const connection = { endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true };
    expect(s3Bucket(env.REMOTE_STORE_URL, env)).toEqual({ bucket: 'portal-remotes', prefix: 'prod', ...connection });
    expect(s3Bucket(env.BACKUP_BLOB_URL, env)).toEqual({ bucket: 'portal-backups', prefix: 'prod/blobs', ...connection });
  });

  it('leaves the blob store local when BACKUP_BLOB_URL is unset, and names it in its errors', () => {
    const env = readEnvSettings({});
    expect(s3Bucket(env.BACKUP_BLOB_URL, env)).toBeUndefined();
    expect(() => readEnvSettings({ BACKUP_BLOB_URL: '/var/blobs' })).toThrow('BACKUP_BLOB_URL must look like s3://bucket/prefix, got "/var/blobs"');
    expect(() => readEnvSettings({ BACKUP_BLOB_URL: 's3://bucket/a/../b' })).toThrow('BACKUP_BLOB_URL must not contain ".."');
  });
});
