import { NotBuiltYet } from '@portal/ui';

export function JobsPage() {
  return <NotBuiltYet title="Jobs" />;
}
