import { useT } from '@portal/ui/base';

/**
 * Shown instead of the app while authentication is not initialised or the persisted stores rehydrate,
 * and while the signed-in shell loads. Plain elements and the light stylesheet: it is on screen
 * before the sign-in page, which loads no MUI.
 */
export function FullScreenLoader() {
  const t = useT();
  return (
    <div role="status" className="pl-loader">
      <div role="progressbar" aria-label={t('app.loading')} className="pl-spinner" />
    </div>
  );
}
