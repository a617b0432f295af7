import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../../lib/federation/prefetch';

// Tooltip and Popper are about 12 KB gzip that no page needs before it is ready: they load when the
// browser is idle, or when the user first points at or focuses the element.
const AnchoredTooltip = lazy(() => import('./anchored-tooltip').then((m) => ({ default: m.AnchoredTooltip })));

const WANTS = ['mouseover', 'focusin', 'touchstart'];
const DROPS = ['mouseleave', 'focusout', 'touchend'];

type Props = { anchor: HTMLElement | null; title: string };

/**
 * A tooltip for `anchor`, an element rendered bare (with its own accessible name) next to this:
 * wrapping it in Tooltip once the code arrives would re-create it and lose its focus.
 */
export function DeferredTooltip({ anchor, title }: Props) {
  const [wanted, setWanted] = useState(false);
  // The hover or focus still going on when the code arrives, for the tooltip to show at once.
  const pending = useRef<Event | null>(null);

  useEffect(() => {
    if (!anchor) return undefined;
    const want = (event: Event) => {
      pending.current = event;
      setWanted(true);
    };
    const drop = () => {
      pending.current = null;
    };
    for (const type of WANTS) anchor.addEventListener(type, want);
    for (const type of DROPS) anchor.addEventListener(type, drop);
    const cancel = whenIdle(() => setWanted(true));
    return () => {
      cancel();
      for (const type of WANTS) anchor.removeEventListener(type, want);
      for (const type of DROPS) anchor.removeEventListener(type, drop);
    };
  }, [anchor]);

  if (!wanted || !anchor) return null;
  return (
    <Suspense fallback={null}>
      <AnchoredTooltip anchor={anchor} title={title} replay={pending} />
    </Suspense>
  );
}
