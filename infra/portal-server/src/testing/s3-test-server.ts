import { startTestS3 as startS3, type TestS3 } from '@portal/engine/src/testing/s3-test-server';

// One S3 test server for the workspace: it lives with the backup engine, whose blob store runs on it too.
export { TEST_S3_CREDENTIALS, type TestS3 } from '@portal/engine/src/testing/s3-test-server';

/** The test server with the remote store's bucket. */
export const startTestS3 = (bucket = 'portal-remotes'): Promise<TestS3> => startS3(bucket);
