import { ITEM_SORTS, type BackupService, type ItemSearchParams } from '@portal/contracts';

/** Item search state in the URL: a link reproduces the search, filters and the open preview. */
export const SEARCH_DEFAULTS = { q: '', service: '', from: '', to: '', minSize: '', maxSize: '', hasAttachments: '', snapshotId: '', folder: '', sort: '-modifiedAt', item: '' };
export type SearchValues = typeof SEARCH_DEFAULTS;

const num = (v: string) => (v === '' || Number.isNaN(Number(v)) ? undefined : Number(v));

export function toSearchQuery(values: SearchValues, objectId: string | undefined): Omit<ItemSearchParams, 'page' | 'pageSize'> {
  return {
    q: values.q || undefined,
    objectId,
    snapshotId: values.snapshotId || undefined,
    service: (values.service || undefined) as BackupService | undefined,
    folder: values.folder || undefined,
    from: values.from || undefined,
    to: values.to ? `${values.to}T23:59:59.999Z` : undefined,
    minSize: num(values.minSize),
    maxSize: num(values.maxSize),
    hasAttachments: values.hasAttachments === '' ? undefined : values.hasAttachments === 'true',
    sort: (ITEM_SORTS as readonly string[]).includes(values.sort) ? (values.sort as ItemSearchParams['sort']) : '-modifiedAt',
  };
}
