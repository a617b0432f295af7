import type { EngineQueryable } from '../ports';

// Where each delta stream of an object (a mail folder, a drive, ...) continues: stored as the backup
// goes, so a killed run resumes at the page it stopped instead of starting over.

export interface Checkpoint {
  link: string | null;
  runSeq: number;
  roundComplete: boolean;
}

/** Every stream's checkpoint of an object, in one statement (a backup reads them as it starts the object). */
export async function readCheckpoints(db: EngineQueryable, objectId: string): Promise<Map<string, Checkpoint>> {
  const { rows } = await db.query<{ stream: string; link: string | null; run_seq: number; round_complete: boolean }>(
    'select stream, link, run_seq, round_complete from backup_checkpoints where object_id = $1',
    [objectId],
  );
  return new Map(rows.map((row) => [row.stream, { link: row.link, runSeq: row.run_seq, roundComplete: row.round_complete }]));
}

export async function readCheckpoint(db: EngineQueryable, objectId: string, stream: string): Promise<Checkpoint | null> {
  const { rows } = await db.query<{ link: string | null; run_seq: number; round_complete: boolean }>(
    'select link, run_seq, round_complete from backup_checkpoints where object_id = $1 and stream = $2',
    [objectId, stream],
  );
  return rows[0] ? { link: rows[0].link, runSeq: rows[0].run_seq, roundComplete: rows[0].round_complete } : null;
}

/**
 * Stores the checkpoints (JSON, parameter `json`) of several streams of an object (parameter `object`):
 * a statement, or a CTE of another one (a page's writes, an object's end).
 */
export const checkpointsSql = (object: string, json: string) => `
  insert into backup_checkpoints (object_id, stream, link, run_seq, round_complete)
  select ${object}, x.stream, x.link, x."runSeq", x."roundComplete"
    from jsonb_to_recordset(${json}::jsonb) as x(stream text, link text, "runSeq" integer, "roundComplete" boolean)
  on conflict (object_id, stream) do update set link = excluded.link, run_seq = excluded.run_seq,
    round_complete = excluded.round_complete, updated_at = clock_timestamp()`;

/** The JSON parameter of checkpointsSql. */
export const checkpointsJson = (checkpoints: Array<{ stream: string } & Checkpoint>) =>
  JSON.stringify(checkpoints.map(({ stream, link, runSeq, roundComplete }) => ({ stream, link, runSeq, roundComplete })));

/** Stores the checkpoints of several streams of an object in one statement. */
export async function writeCheckpoints(db: EngineQueryable, objectId: string, checkpoints: Array<{ stream: string } & Checkpoint>): Promise<void> {
  await db.query(checkpointsSql('$1', '$2'), [objectId, checkpointsJson(checkpoints)]);
}
