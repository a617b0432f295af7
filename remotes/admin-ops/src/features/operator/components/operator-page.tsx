import { NotBuiltYet } from '@portal/ui';

export function OperatorPage() {
  return <NotBuiltYet title="Operator" />;
}
