import type { OutboundPolicyOptions } from '@portal/outbound-guard';
import type { S3BucketSettings } from '@portal/settings';
import type { EngineOptions } from '../engine';

/**
 * What an engine thread is built from: plain data only (it crosses into the thread by structured
 * clone), so in-process hooks such as a test's Graph factory or object store cannot go there.
 */
export interface EngineThreadOptions {
  /** PostgreSQL: the thread opens its own pool. Absent: it works in the host thread's database through the bridge (an embedded PGlite). */
  database?: { databaseUrl: string; schema?: string };
  masterSecret: string;
  /** The blob store of the host process (a bucket, or a local folder). */
  objects: { bucket?: S3BucketSettings; dir?: string };
  queue: { kind: 'embedded'; concurrency: number } | { kind: 'pg-boss'; databaseUrl: string; schema?: string };
  engine: { outbound?: OutboundPolicyOptions } & Pick<EngineOptions, 'objectConcurrency' | 'fetchConcurrency' | 'scheduleEveryMs' | 'staleAfterSeconds' | 'blobGraceSeconds' | 'collectEveryMs'>;
}

/** Host → thread. */
export type ToEngineThread =
  | { type: 'enqueue'; jobId: string }
  | { type: 'allow-origin'; origin: string; network?: string }
  /** The host thread is busy answering requests (or no longer): the engine paces itself (jobs/host-pace.ts). */
  | { type: 'host-busy'; busy: boolean }
  | { type: 'stop' };
/** Host → process: the options first, then as to a thread. */
export type ToEngineProcess = { type: 'init'; data: { options: EngineThreadOptions; driver: 'postgres' } } | ToEngineThread;
/** Thread → host. */
export type FromEngineThread = { type: 'started'; workerId: string } | { type: 'stopped' } | { type: 'log'; message: string; error?: string };
