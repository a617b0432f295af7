import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function M365ServicesPage() {
  return <ParameterisedPlaceholder title="M365 Services" />;
}
