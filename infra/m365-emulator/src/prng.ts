// Deterministic randomness: every generated value is a pure function of (seed, some key), so a tenant
// of a million items never has to be held in memory and two runs with the same seed agree byte for byte.

/** 32-bit FNV-1a over a string, finished with a murmur-style avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hashKey(...parts: (string | number)[]): number {
  return hash32(parts.join('\u0001'));
}

export interface Rng {
  /** [0, 1) */
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  u32(): number;
}

/** mulberry32: tiny, fast and good enough for test data. */
export function rngFrom(seed: number): Rng {
  let state = seed >>> 0;
  const u32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => u32() / 4294967296;
  return {
    next,
    u32,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

export const rngFor = (...parts: (string | number)[]) => rngFrom(hashKey(...parts));

/** A GUID-shaped id derived from a key (version-4 layout so it looks like what Entra ID hands out). */
export function guidFor(...parts: (string | number)[]): string {
  const r = rngFor('guid', ...parts);
  const hex = (r.u32().toString(16).padStart(8, '0') + r.u32().toString(16).padStart(8, '0') + r.u32().toString(16).padStart(8, '0') + r.u32().toString(16).padStart(8, '0'));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[r.u32() % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
export const unb64url = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
