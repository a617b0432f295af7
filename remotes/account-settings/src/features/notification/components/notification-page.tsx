import { NotBuiltYet } from '@portal/ui';

export function NotificationPage() {
  return <NotBuiltYet title="Notification" />;
}
