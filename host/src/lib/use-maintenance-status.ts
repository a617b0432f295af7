import type { MaintenanceStatus } from '@portal/contracts';
import { getPublicMaintenance } from '@portal/contracts/first-page-calls';
import { inBackground } from '@portal/request';
import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

export const MAINTENANCE_POLL_MS = 60_000;

/**
 * The operator's maintenance status, for every user, signed in or not. Read first when the page is
 * idle, then once a minute and when the window regains focus, so switching it on or off reaches open
 * pages without a reload. Shared by the shell's banner (MUI) and the sign-in page's (plain elements).
 */
export function useMaintenanceStatus(): MaintenanceStatus | null {
  const [status, setStatus] = useState<MaintenanceStatus | null>(null);

  useEffect(() => {
    let alive = true;
    const refresh = async () => {
      try {
        // Ambient: the check never shows the global loading bar.
        const result = await inBackground(getPublicMaintenance);
        // A failed check keeps what was shown: a network blip should not hide or invent a banner.
        if (alive && result && 'enabled' in result) setStatus(result);
      } catch {
        // request() only rejects on an unreadable answer; the next poll tries again.
      }
    };
    // First check once the page is idle: the request layer (ky) loads with it, and the sign-in form
    // must not wait for that to be usable (page weight, issue 21).
    const cancelFirst = whenIdle(() => void refresh(), 0);
    const timer = window.setInterval(() => void refresh(), MAINTENANCE_POLL_MS);
    const onFocus = () => void refresh();
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      cancelFirst();
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return status;
}
