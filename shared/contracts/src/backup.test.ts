import {
  BACKUP_MESSAGES,
  backupSetFormSchema,
  connectTenantFormSchema,
  createRestoreRequestSchema,
  itemSearchQuerySchema,
  jobListQuerySchema,
} from './backup';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe('backup contracts', () => {
  const set = {
    name: 'Mailboxes',
    tenantId: '6f1c2f1e-6f7a-4c55-9a3e-0f1b2c3d4e5f',
    type: 'exchange',
    scope: { mode: 'all' },
    services: ['mail'],
    schedule: { frequency: 'daily', time: '02:00', dayOfWeek: 0 },
    retention: { days: 30 },
  };

  it('accepts a valid set and rejects services outside its type', () => {
    expect(backupSetFormSchema.safeParse(set).success).toBe(true);
    expect(messages(backupSetFormSchema.safeParse({ ...set, services: ['mail', 'onedrive'] }))).toEqual([BACKUP_MESSAGES.serviceNotInType]);
    expect(messages(backupSetFormSchema.safeParse({ ...set, services: [] }))).toEqual([BACKUP_MESSAGES.servicesRequired]);
    expect(messages(backupSetFormSchema.safeParse({ ...set, scope: { mode: 'selected', objects: [] } }))).toEqual([BACKUP_MESSAGES.scopeObjectsRequired]);
    expect(messages(backupSetFormSchema.safeParse({ ...set, name: '  ' }))).toEqual([BACKUP_MESSAGES.nameRequired]);
    expect(messages(backupSetFormSchema.safeParse({ ...set, retention: { days: 0 } }))).toEqual(['Retention must be at least 1 day']);
  });

  it('requires tenant credentials and an http(s) Graph URL', () => {
    const base = { name: 'T', tenantId: 't', clientId: 'c', clientSecret: 's', graphBaseUrl: 'https://graph.microsoft.com/v1.0' };
    expect(connectTenantFormSchema.safeParse(base).success).toBe(true);
    expect(connectTenantFormSchema.safeParse({ ...base, authorityUrl: '' }).success).toBe(true);
    expect(messages(connectTenantFormSchema.safeParse({ ...base, graphBaseUrl: 'javascript:alert(1)' }))).toEqual([BACKUP_MESSAGES.graphBaseUrlInvalid]);
    expect(messages(connectTenantFormSchema.safeParse({ ...base, clientSecret: '' }))).toEqual([BACKUP_MESSAGES.clientSecretRequired]);
  });

  it('reads search filters from a query string', () => {
    const parsed = itemSearchQuerySchema.parse({ q: 'budget', hasAttachments: 'true', minSize: '10', maxSize: '', page: '2' });
    expect(parsed).toMatchObject({ q: 'budget', hasAttachments: true, minSize: 10, page: 2, pageSize: 25, sort: '-modifiedAt' });
    expect(parsed.maxSize).toBeUndefined();
    expect(messages(itemSearchQuerySchema.safeParse({ minSize: '10', maxSize: '5' }))).toEqual(['minSize must not exceed maxSize']);
    expect(messages(itemSearchQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }))).toEqual(['from must not be after to']);
    expect(jobListQuerySchema.parse({ status: 'running,queued' }).status).toEqual(['running', 'queued']);
  });

  it('needs a target user for restores to another user', () => {
    const base = { setId: '6f1c2f1e-6f7a-4c55-9a3e-0f1b2c3d4e5f', selection: { kind: 'items', itemIds: ['6f1c2f1e-6f7a-4c55-9a3e-0f1b2c3d4e5f'] } };
    expect(createRestoreRequestSchema.safeParse({ ...base, destination: { kind: 'original' } }).success).toBe(true);
    expect(messages(createRestoreRequestSchema.safeParse({ ...base, destination: { kind: 'user', tenantId: base.setId, userExternalId: '' } }))).toEqual([
      BACKUP_MESSAGES.restoreTargetRequired,
    ]);
    expect(messages(createRestoreRequestSchema.safeParse({ ...base, selection: { kind: 'items', itemIds: [] }, destination: { kind: 'download' } }))).toEqual([
      BACKUP_MESSAGES.restoreSelectionRequired,
    ]);
  });
});
