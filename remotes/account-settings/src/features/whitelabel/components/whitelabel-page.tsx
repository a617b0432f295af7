import { NotBuiltYet } from '@portal/ui';

export function WhitelabelPage() {
  return <NotBuiltYet title="Whitelabel" />;
}
