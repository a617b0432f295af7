import { NotBuiltYet } from '@portal/ui';

export function BackupPage() {
  return <NotBuiltYet title="Backup" />;
}
