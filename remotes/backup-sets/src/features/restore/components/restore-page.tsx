import { NotBuiltYet } from '@portal/ui';

export function RestorePage() {
  return <NotBuiltYet title="Restore" />;
}
