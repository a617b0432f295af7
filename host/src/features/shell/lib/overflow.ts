/**
 * How many menu entries of the given widths fit in `available` pixels, keeping room for the
 * "More Items" button whenever some entries do not fit, and never more than `max`.
 */
export function visibleCount(widths: readonly number[], available: number, moreWidth: number, max: number): number {
  const total = widths.reduce((a, b) => a + b, 0);
  if (widths.length <= max && total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (count >= max || used + width > available) break;
    used += width;
    count += 1;
  }
  return count;
}
