import { NotBuiltYet } from '@portal/ui';

export function UserActivityPage() {
  return <NotBuiltYet title="User Activity" />;
}
