import type { Db } from '@portal/db';

/** A plan node of EXPLAIN (ANALYZE, FORMAT JSON). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/**
 * The plan a statement ran with, run in a transaction that is then rolled back: what it wrote or
 * locked does not stay.
 */
export async function analyzedPlan(db: Db, sql: string, params: unknown[]): Promise<PlanNode> {
  const rolledBack = new Error('rolled back');
  let plan: PlanNode | null = null;
  await db
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
      const json = rows[0]['QUERY PLAN'];
      plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return plan!;
}

/** Rows a plan read from `table`'s heap: what its scans returned and what their filters dropped. */
export function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

/** Rows every node of a plan produced, over all its loops (a join that compares each row with each grows as their product). */
export function rowsProduced(node: PlanNode): number {
  return node['Actual Rows'] * node['Actual Loops'] + (node.Plans ?? []).reduce((sum, child) => sum + rowsProduced(child), 0);
}

/** Tables a plan node reads, itself and below it. */
const tablesBelow = (node: PlanNode): Set<string> =>
  new Set([...(node['Relation Name'] ? [node['Relation Name']] : []), ...(node.Plans ?? []).flatMap((child) => [...tablesBelow(child)])]);

/** Whether some join of the plan joins rows of tables `a` and `b` (rather than one looking the other up in a subplan). */
export function joins(node: PlanNode, a: string, b: string): boolean {
  const children = (node.Plans ?? []).filter((child) => child['Parent Relationship'] !== 'SubPlan' && child['Parent Relationship'] !== 'InitPlan');
  if (/Join|Nested Loop/.test(node['Node Type']) && children.length === 2) {
    const [left, right] = children.map(tablesBelow);
    if ((left.has(a) && right.has(b)) || (left.has(b) && right.has(a))) return true;
  }
  return (node.Plans ?? []).some((child) => joins(child, a, b));
}
