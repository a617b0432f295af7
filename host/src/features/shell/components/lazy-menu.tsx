import type { MenuProps } from '@mui/material/Menu';
import { Suspense, lazy } from 'react';
import { useLatch } from '../hooks/use-latch';

// Menu brings Popover, Modal's focus trap and MenuList (about 4 KB gzip): a closed menu does not
// need them, so they load when a menu is first opened instead of with every page.
const Menu = lazy(() => import('@mui/material/Menu'));

/** MUI's Menu, rendered (and loaded) from its first opening on; closed before that, it renders nothing. */
export function LazyMenu(props: MenuProps) {
  const used = useLatch(props.open);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
