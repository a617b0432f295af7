// What every app gets for `zod` (a shared singleton): the part of zod the portal's browser code uses.
// A shared module keeps every export, and all of zod is about 87 KB gzip; bundled instead, each app
// carried its own 26 KB copy of the same part, five times over a walk through the portal. Shared
// through this list, the page loads that part once, from the host. The apps write `z.object(...)`:
// `z` here holds the functions they call (methods such as `.optional()` come with the schema
// classes). The import below is an alias (see subsetAliases in index.cjs) for zod's own entry, so it
// is not itself taken as the shared module. zod-share.test.ts fails when an app uses a name missing here.
import { z as zod } from 'portal-zod-impl';

export const z = Object.freeze({
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  discriminatedUnion: zod.discriminatedUnion,
  email: zod.email,
  enum: zod.enum,
  iso: zod.iso,
  literal: zod.literal,
  number: zod.number,
  object: zod.object,
  preprocess: zod.preprocess,
  string: zod.string,
  union: zod.union,
  uuid: zod.uuid,
});
