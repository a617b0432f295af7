/**
 * "1 user", "2 users", "0 users": a count with its noun in the right number. `many` is for nouns
 * whose plural is not the singular plus "s" ("entry", "entries").
 */
export function countLabel(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
