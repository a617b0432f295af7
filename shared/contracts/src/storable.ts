import { z } from 'zod';

// The primitives every schema builds its strings and dates from. PostgreSQL refuses a NUL in text,
// writes U+FFFD for a lone UTF-16 surrogate (so what is stored differs from what was sent) and
// keeps years 0001 to 9999 only in the forms we send; JavaScript's Date is laxer on all three.
// Refusing such input here, once, means no field can reach the database with it.

export const STORABLE_MESSAGES = Object.freeze({
  invalidCharacters: 'must not contain invalid characters',
  invalidDate: 'must be a valid date',
});

const UNSTORABLE_CHARACTER = /[\u0000\p{Cs}]/u;
const UNSTORABLE_CHARACTERS = /[\u0000\p{Cs}]/gu;

/** False for text holding a NUL or a lone surrogate (a paired surrogate is one code point, so it passes). */
export const isStorableText = (value: string): boolean => !UNSTORABLE_CHARACTER.test(value);

/** The value as the database keeps it (U+FFFD for each NUL or lone surrogate); the identity on storable text. */
export const toStorableText = (value: string): string => value.replace(UNSTORABLE_CHARACTERS, '\uFFFD');

/**
 * Every string of a JSON-like value (object keys too) in the form the database keeps it; other
 * values, and objects that are not plain (a Date), are left as they are.
 */
export function toStorableDeep(value: unknown): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (Array.isArray(value)) return value.map(toStorableDeep);
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [toStorableText(key), toStorableDeep(item)]));
  }
  return value;
}

/** z.string() for every field: same options and chainable methods, refusing what the database cannot store. */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: STORABLE_MESSAGES.invalidCharacters, abort: true });

const YEAR_MIN = 1;
const YEAR_MAX = 9999;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real day (no 2026-02-30) in years 0001 to 9999, written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A YYYY-MM-DD day; `message` replaces the generic one where a form has its own. */
export const calendarDate = (message: string = STORABLE_MESSAGES.invalidDate) =>
  storableString({ error: message }).refine(isCalendarDate, { message, abort: true });

/** An ISO 8601 date-time with an offset, on a real day in years 0001 to 9999. */
export const isoDateTime = (message: string = STORABLE_MESSAGES.invalidDate) =>
  z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine((value) => isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)), { message, abort: true });
