import fs from 'node:fs';

/**
 * The nice value of each thread of `pid` (Linux): on Linux a thread's nice value is its own, field
 * 19 of /proc/<pid>/task/<tid>/stat, counted after the name's closing parenthesis since a thread's
 * name may hold one. For tests of lowerProcessPriority and lowerThreadPriority.
 */
export function threadNices(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
  });
}
