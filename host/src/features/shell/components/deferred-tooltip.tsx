import { Suspense, lazy, useEffect, useRef, useState, type RefObject } from 'react';
import { whenIdle } from '../../../lib/federation/prefetch';

// Tooltip and Popper are about 12 KB gzip that no page needs before it is ready: they load when the
// browser is idle, or when the user first points at or focuses the element.
const AnchoredTooltip = lazy(() => import('./anchored-tooltip').then((m) => ({ default: m.AnchoredTooltip })));

const WANTS = ['mouseover', 'focusin', 'touchstart'];
const DROPS = ['mouseleave', 'focusout', 'touchend'];

type Props = { anchor: RefObject<HTMLElement | null>; title: string };

/**
 * A tooltip for the element in `anchor`, rendered bare (with its own accessible name) next to this:
 * wrapping it in Tooltip once the code arrives would re-create it and lose its focus.
 * The element is taken from the ref in an effect, not handed over as state by a ref callback: a state
 * update in a commit is a synchronous one, and React then runs every passive effect of the page just
 * committed in that same task (on /dashboard, its requests and stores: one long task on a phone).
 */
export function DeferredTooltip({ anchor, title }: Props) {
  // The element, once its tooltip is wanted.
  const [wanted, setWanted] = useState<HTMLElement | null>(null);
  // The hover or focus still going on when the code arrives, for the tooltip to show at once.
  const pending = useRef<Event | null>(null);

  useEffect(() => {
    const element = anchor.current;
    if (!element) return undefined;
    const want = (event: Event) => {
      pending.current = event;
      setWanted(element);
    };
    const drop = () => {
      pending.current = null;
    };
    for (const type of WANTS) element.addEventListener(type, want);
    for (const type of DROPS) element.addEventListener(type, drop);
    const cancel = whenIdle(() => setWanted(element));
    return () => {
      cancel();
      for (const type of WANTS) element.removeEventListener(type, want);
      for (const type of DROPS) element.removeEventListener(type, drop);
    };
  }, [anchor]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AnchoredTooltip anchor={wanted} title={title} replay={pending} />
    </Suspense>
  );
}
