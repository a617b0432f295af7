import { NotBuiltYet } from '@portal/ui';

export function SupportTicketsPage() {
  return <NotBuiltYet title="Support Tickets" />;
}
