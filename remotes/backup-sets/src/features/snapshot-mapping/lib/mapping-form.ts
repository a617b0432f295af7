import type { mappingFormSchema, SnapshotMapping } from '@portal/contracts';
import type { z } from 'zod';

export type MappingFormInput = z.input<typeof mappingFormSchema>;

export const emptyMapping = (): MappingFormInput => ({ name: '', sourceSetId: '', targetTenantId: '', pairs: [] });

export function mappingDefaults(mapping: SnapshotMapping): MappingFormInput {
  return {
    name: mapping.name,
    sourceSetId: mapping.sourceSetId,
    targetTenantId: mapping.targetTenantId,
    pairs: mapping.pairs.map((p) => ({ sourceObjectId: p.sourceObjectId, targetUserExternalId: p.targetUserExternalId, targetDisplayName: p.targetDisplayName })),
  };
}
