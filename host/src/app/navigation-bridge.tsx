import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type NavigateFunction, type NavigateOptions } from 'react-router-dom';
import { loadFederation } from '../lib/federation/federation-start';

let outside: NavigateFunction | null = null;

/**
 * Navigation for code outside React (the request layer's "signed out" handler): the router's own
 * navigate once the router is mounted. Before that there is no page to leave, and the guards send a
 * signed-out user to the login page when the routes first draw.
 */
export function navigateFromOutside(to: string, options?: NavigateOptions): void {
  void outside?.(to, options);
}

/** Lends the router's navigate to navigateFromOutside and refreshes the remote registry at each navigation. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    outside = navigate;
    return () => {
      if (outside === navigate) outside = null;
    };
  }, [navigate]);
  // An open portal learns of deploys and rollbacks at its next navigation (throttled). Not at the first
  // location: the federation runtime is not loaded for the sign-in page.
  useEffect(() => {
    if (key !== firstKey.current) void loadFederation().then((federation) => federation.refreshRegistry()).catch(() => undefined);
  }, [key]);
  return null;
}
