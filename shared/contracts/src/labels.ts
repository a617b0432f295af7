// Value lists and their labels that pages show, without schemas: a page that only names them (the
// profile menu, the dashboard) loads no zod. The schemas built from them (user-access.ts, backup.ts)
// re-export them, so `@portal/contracts` still offers them.

export const USER_ACCESS_VALUES = ['full', 'read-only'] as const;
export type UserAccess = (typeof USER_ACCESS_VALUES)[number];
export const USER_ACCESS_LABELS: Readonly<Record<UserAccess, string>> = Object.freeze({ full: 'Full access', 'read-only': 'Read-only' });

export const BACKUP_SERVICES = ['mail', 'calendar', 'contacts', 'onedrive', 'sharepoint', 'teams'] as const;
export type BackupService = (typeof BACKUP_SERVICES)[number];
export const BACKUP_SERVICE_LABELS: Record<BackupService, string> = {
  mail: 'Mail',
  calendar: 'Calendar',
  contacts: 'Contacts',
  onedrive: 'OneDrive',
  sharepoint: 'SharePoint',
  teams: 'Teams',
};
