import { NotBuiltYet } from '@portal/ui';

export function SupportPage() {
  return <NotBuiltYet title="Support" />;
}
