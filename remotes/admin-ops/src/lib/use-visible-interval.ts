import { inBackground } from '@portal/request';
import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `ms` while the page is visible (a background tab polls nothing), and once at
 * once when it becomes visible again. The latest `tick` is used without restarting the timer.
 * Ticks are polls: their requests stay off the global loading bar.
 */
export function useVisibleInterval(tick: () => void, ms: number): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => inBackground(latest.current), ms);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        inBackground(latest.current);
        start();
      } else stop();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ms]);
}
