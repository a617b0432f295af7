import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';

// s3rver ships no types; this is the part the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

export const TEST_S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  client: S3Client;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on loopback with one empty bucket, data in a temp folder. The
 * backup blob store and the portal's remote store are both tested on it.
 */
export async function startTestS3(bucket: string): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_S3_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: TEST_S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    client,
    stop: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
