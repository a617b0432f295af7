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

/** Reads the checkpoints of one object (readCheckpoints, or a run's checkpointReader). */
export type ObjectCheckpoints = (objectId: string) => Promise<Map<string, Checkpoint>>;

/** Objects whose checkpoints a run reads in one statement. */
const CHECKPOINT_GROUP = 50;

/**
 * The checkpoints of a run's objects, read for `groupSize` of them at once, in the order the run takes
 * them, as it reaches each group: one statement instead of one per object (an incremental run's
 * objects mostly change little, and on PGlite a statement costs about half a millisecond), and no
 * more than a group in memory. Each object's are read once its group is; only the run writes them,
 * and only after it has taken them. An object not in `objectIds` is read alone.
 */
export function checkpointReader(db: EngineQueryable, objectIds: string[], groupSize = CHECKPOINT_GROUP): ObjectCheckpoints {
  const groupOf = new Map(objectIds.map((id, i) => [id, Math.floor(i / groupSize)]));
  const groups = new Map<number, Promise<Map<string, Map<string, Checkpoint>>>>();
  const readGroup = async (group: number) => {
    const ids = objectIds.slice(group * groupSize, (group + 1) * groupSize);
    const { rows } = await db.query<{ object_id: string; stream: string; link: string | null; run_seq: number; round_complete: boolean }>(
      'select object_id, stream, link, run_seq, round_complete from backup_checkpoints where object_id = any($1::uuid[])',
      [ids],
    );
    const byObject = new Map(ids.map((id) => [id, new Map<string, Checkpoint>()]));
    for (const row of rows) byObject.get(row.object_id)!.set(row.stream, { link: row.link, runSeq: row.run_seq, roundComplete: row.round_complete });
    return byObject;
  };
  return async (objectId) => {
    const group = groupOf.get(objectId);
    if (group === undefined) return readCheckpoints(db, objectId);
    let read = groups.get(group);
    if (!read) groups.set(group, (read = readGroup(group)));
    const byObject = await read;
    const checkpoints = byObject.get(objectId);
    // Taken once: a second call (none today) reads what the run may have written since.
    groupOf.delete(objectId);
    byObject.delete(objectId);
    if (!byObject.size) groups.delete(group);
    return checkpoints ?? readCheckpoints(db, objectId);
  };
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
