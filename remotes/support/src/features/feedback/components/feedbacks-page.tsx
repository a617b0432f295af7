import { NotBuiltYet } from '@portal/ui';

export function FeedbacksPage() {
  return <NotBuiltYet title="Feedbacks" />;
}
