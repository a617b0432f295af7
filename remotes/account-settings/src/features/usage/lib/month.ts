/** The current UTC month, YYYY-MM (usage days are UTC days). */
export const currentMonth = (now: Date = new Date()): string => now.toISOString().slice(0, 7);

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month's first and last UTC day; null for anything that is not YYYY-MM. */
export function monthRange(month: string): { from: string; to: string } | null {
  const match = MONTH.exec(month);
  if (!match) return null;
  const last = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** "November 2026", in the user's language. */
export const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
