import { ALONE_BYTES, MERGE_LEAST, mergeGroups, newPackId, PACK_BYTES, packMadeAt, planPacks, SMALL_PACK_BYTES } from './blob-packs';

// How one put round's sealed blobs are laid out: back to back in packs of at most PACK_BYTES, in order,
// with a blob of ALONE_BYTES or more kept out of them.

const ids = () => {
  let n = 0;
  return () => `pack-${(n += 1)}`;
};
const blob = (length: number) => Buffer.alloc(length, 1);

it('places small blobs back to back in one pack, in order', () => {
  const sealed = [blob(100), blob(250), blob(7)];
  const { packs, placement } = planPacks(sealed, ids());
  expect(placement).toEqual([
    { pack: 'pack-1', offset: 0 },
    { pack: 'pack-1', offset: 100 },
    { pack: 'pack-1', offset: 350 },
  ]);
  expect(packs).toHaveLength(1);
  expect(packs[0].size).toBe(357);
  expect(Buffer.concat(packs[0].parts).subarray(100, 350).equals(sealed[1])).toBe(true);
});

it('keeps a blob of ALONE_BYTES or more out of the packs, and starts a new pack where one would pass PACK_BYTES', () => {
  const small = ALONE_BYTES - 1;
  const perPack = Math.floor(PACK_BYTES / small);
  const sealed = [blob(ALONE_BYTES), ...Array.from({ length: perPack + 1 }, () => blob(small))];
  const { packs, placement } = planPacks(sealed, ids());
  expect(placement[0]).toBeNull();
  expect(packs.map((pack) => pack.parts.length)).toEqual([perPack, 1]);
  expect(packs.every((pack) => pack.size <= PACK_BYTES)).toBe(true);
  expect(placement[perPack + 1]).toEqual({ pack: 'pack-2', offset: 0 });
});

it('makes no pack when nothing is small enough to share one', () => {
  expect(planPacks([blob(ALONE_BYTES + 5)], ids())).toEqual({ packs: [], placement: [null] });
});

it('groups small packs for merging: at most 64 and PACK_BYTES a group, none of fewer than MERGE_LEAST', () => {
  const packs = (count: number, size: number) => Array.from({ length: count }, (_, i) => ({ id: `p${size}-${i}`, size }));
  expect(mergeGroups(packs(MERGE_LEAST - 1, 1000))).toEqual([]);
  expect(mergeGroups(packs(MERGE_LEAST, 1000)).map((group) => group.length)).toEqual([MERGE_LEAST]);
  expect(mergeGroups(packs(150, 1000)).map((group) => group.length)).toEqual([64, 64, 22]);
  // Bytes bound a group too: 8 MB holds 10 packs of a tenth of it, too few to merge.
  expect(mergeGroups(packs(40, Math.floor(PACK_BYTES / 10))).map((group) => group.length)).toEqual([]);
  expect(mergeGroups(packs(MERGE_LEAST, SMALL_PACK_BYTES - 1)).map((group) => group.length)).toEqual([MERGE_LEAST]);
  expect(mergeGroups(packs(40, PACK_BYTES / 32)).map((group) => group.length)).toEqual([32]);
});

it('names a pack by when it was made, which a sweep reads back; other names tell no age', () => {
  const at = Date.UTC(2026, 11, 3, 10, 0, 0);
  expect(packMadeAt(newPackId(at))).toBe(at);
  expect(newPackId(at)).not.toBe(newPackId(at));
  expect(packMadeAt('0123456789abcdef0123456789abcdef')).toBeNull();
  expect(packMadeAt('../x-0123')).toBeNull();
});
