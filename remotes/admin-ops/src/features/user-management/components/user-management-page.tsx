import { NotBuiltYet } from '@portal/ui';

export function UserManagementPage() {
  return <NotBuiltYet title="User Management" />;
}
