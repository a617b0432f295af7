import { portalQueryClient, QueryClientProvider } from '@portal/data';
import { MainLayout } from '../features/shell/components/main-layout';

/**
 * The signed-in shell with the page's query client. Only signed-in pages query the API through
 * @portal/data, so the sign-in page does not load the query layer; the provider mounts the client
 * (reconnect and focus managers) for as long as the shell is up.
 */
export function SignedInLayout() {
  return (
    <QueryClientProvider client={portalQueryClient}>
      <MainLayout />
    </QueryClientProvider>
  );
}
