import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec section 2: the page scrolls to the top on each route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
  }, [pathname]);
  return null;
}
