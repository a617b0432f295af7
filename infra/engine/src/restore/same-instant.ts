/**
 * A restored item keeps the original's time when both name the same instant, however each is
 * written (Graph may drop fractions or the trailing Z); an original without one asks nothing.
 */
export function sameInstant(restored: string | null | undefined, original: string | null | undefined): boolean {
  if (!original) return true;
  return !!restored && Date.parse(restored) === Date.parse(original);
}
