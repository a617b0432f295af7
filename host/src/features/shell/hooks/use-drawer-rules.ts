import { DRAWER_TYPE, type DrawerType } from '@portal/config';
import { menuStore } from '@portal/ui';
import { useEffect, useRef } from 'react';

/**
 * Spec section 4, drawer: forced open on the default drawer type (at start and when switched to it) and
 * on small screens. Switching to the mini drawer folds it to its 72 px form.
 */
export function useDrawerRules(drawerType: DrawerType, isSmallScreen: boolean): void {
  const previous = useRef<DrawerType | null>(null);
  useEffect(() => {
    const { openDrawer } = menuStore.getState();
    if (drawerType === DRAWER_TYPE.default) openDrawer(true);
    else if (previous.current !== null && previous.current !== drawerType) openDrawer(false);
    previous.current = drawerType;
  }, [drawerType]);
  useEffect(() => {
    if (isSmallScreen) menuStore.getState().openDrawer(true);
  }, [isSmallScreen]);
}
