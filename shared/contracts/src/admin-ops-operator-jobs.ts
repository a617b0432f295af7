import { z } from 'zod';
import { storableString } from './storable';
import { pageOf } from './paging';
import { jobStatusSchema, jobTypeSchema } from './backup';

// /operator job queue and workers (ADMIN): queued and running jobs across organisations,
// and the engine processes that take them.

export const operatorJobListQuerySchema = z.object({
  page: z.coerce.number().int('page must be an integer').min(1, 'page must be at least 1').default(1),
  pageSize: z.coerce.number().int('pageSize must be an integer').min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').default(20),
});
export type OperatorJobListQuery = z.infer<typeof operatorJobListQuerySchema>;
export type OperatorJobListParams = Partial<OperatorJobListQuery>;

export const operatorJobSchema = z.object({
  id: storableString(),
  organisationId: storableString(),
  organisationName: storableString(),
  type: jobTypeSchema,
  title: storableString(),
  status: jobStatusSchema,
  /** Percent done, null while the total is unknown. */
  percent: z.number().min(0).max(100).nullable(),
  createdAt: storableString(),
  startedAt: storableString().nullable(),
  ageSeconds: z.number().nonnegative(),
  workerId: storableString().nullable(),
  cancelRequested: z.boolean(),
});
export type OperatorJob = z.infer<typeof operatorJobSchema>;

export const operatorJobPageSchema = pageOf(operatorJobSchema);
export type OperatorJobPage = z.infer<typeof operatorJobPageSchema>;

export const operatorJobIdParamsSchema = z.object({ id: z.uuid('id must be a valid id') });
export type OperatorJobIdParams = z.infer<typeof operatorJobIdParamsSchema>;

export const engineWorkerSchema = z.object({
  id: storableString(),
  host: storableString(),
  pid: z.number().int(),
  queueKind: z.enum(['embedded', 'pg-boss']),
  startedAt: storableString(),
  lastSeenAt: storableString(),
  lastSeenSeconds: z.number().nonnegative(),
  alive: z.boolean(),
  runningJobs: z.number().int().nonnegative(),
  jobIds: z.array(storableString()),
});
export type EngineWorker = z.infer<typeof engineWorkerSchema>;

export const engineWorkerListSchema = z.object({ workers: z.array(engineWorkerSchema), aliveAfterSeconds: z.number().int() });
export type EngineWorkerList = z.infer<typeof engineWorkerListSchema>;
