import { z } from 'zod';
import { storableString } from './storable';

// The pieces every area's list endpoints share: ids in paths, paging and search in query strings,
// and the page a list answers with.

/** Query strings arrive as text; an empty parameter means "not set" so a form can send blanks. */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A uuid path or body field; the message names the field. */
export const idField = (name: string) => z.uuid({ error: `${name} must be a valid id` });

/** `pageSize`: a whole number from 1 to `max`, `defaultSize` when blank. */
export const pageSizeParam = (max: number, defaultSize: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'pageSize must be a positive number' })
      .int('pageSize must be an integer')
      .min(1, 'pageSize must be a positive number')
      .max(max, `pageSize must be at most ${max}`)
      .default(defaultSize),
  );

/** `q`: free text of at most `max` characters, unset when blank. */
export const searchParam = (max: number) =>
  z.preprocess(blankToUndefined, storableString().max(max, `q must be at most ${max} characters`).optional());

/** One page of a list: its items, how many there are in all, and where the page is. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
