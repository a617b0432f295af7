import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function SharepointPage() {
  return <ParameterisedPlaceholder title="SharePoint" />;
}
