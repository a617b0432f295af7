import { menuStore } from '@portal/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { selectionForPath, type MenuNode } from '../lib/menu-items';

/** Keeps the menu store's selected entry on the current route (or the entry its page belongs to). */
export function useRouteSelection(nodes: readonly MenuNode[]): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const hit = selectionForPath(nodes, pathname);
    const { activeItem, activeID, selectedItem } = menuStore.getState();
    const ids = hit ? [hit.itemId] : [];
    if (ids.join() !== selectedItem.join()) activeItem(ids);
    activeID(hit?.groupId ?? null);
  }, [nodes, pathname]);
}
