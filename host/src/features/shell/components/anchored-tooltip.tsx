import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, type Ref, type RefObject } from 'react';

// The handlers MUI's Tooltip gives its child, as the DOM events they stand for (React's onFocus and
// onBlur bubble, like focusin and focusout).
const EVENTS = {
  onMouseOver: 'mouseover',
  onMouseLeave: 'mouseleave',
  onFocus: 'focusin',
  onBlur: 'focusout',
  onTouchStart: 'touchstart',
  onTouchEnd: 'touchend',
} as const;
type HandlerName = keyof typeof EVENTS;
type Handlers = Partial<Record<HandlerName, (event: Event) => void>>;

// `replay`: the hover or focus, if still going on, that asked for this code before it loaded.
type ProxyProps = Handlers & { anchor: HTMLElement; replay: RefObject<Event | null>; ref?: Ref<HTMLElement>; [data: `data-${string}`]: unknown };

/**
 * Tooltip's child, rendering nothing: it gives Tooltip the element already in the page as its
 * anchor and forwards that element's events, so the element is never re-created (focus stays).
 */
function AnchorProxy({ anchor, replay, ref, ...rest }: ProxyProps) {
  const handlers: Handlers = Object.fromEntries(Object.keys(EVENTS).map((name) => [name, rest[name as HandlerName]]));
  // Tooltip checks in development that its props reach its anchor, by a data attribute it adds.
  const data = Object.entries(rest).filter(([name]) => name.startsWith('data-'));
  useEffect(() => {
    for (const [name, value] of data) anchor.setAttribute(name, String(value));
  });

  // Tooltip makes new handlers on every render: the listeners call the latest ones.
  const latest = useRef<Handlers>(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (typeof ref === 'function') ref(anchor);
    else if (ref) ref.current = anchor;
    const names = Object.keys(EVENTS) as HandlerName[];
    const listeners = names.map((name) => [EVENTS[name], (event: Event) => latest.current[name]?.(event)] as const);
    for (const [type, listener] of listeners) anchor.addEventListener(type, listener);
    // That hover or focus reached the element before Tooltip listened: hand it on now.
    const event = replay.current;
    const replayed = names.find((name) => EVENTS[name] === event?.type);
    if (event && replayed) latest.current[replayed]?.(event);
    return () => {
      for (const [type, listener] of listeners) anchor.removeEventListener(type, listener);
      if (typeof ref === 'function') ref(null);
      else if (ref) ref.current = null;
    };
  }, [anchor, ref, replay]);
  return null;
}

type Props = { anchor: HTMLElement; title: string; replay: RefObject<Event | null> };

/** MUI's Tooltip for an element rendered elsewhere (see DeferredTooltip). */
export function AnchoredTooltip({ anchor, title, replay }: Props) {
  return (
    <Tooltip title={title}>
      <AnchorProxy anchor={anchor} replay={replay} />
    </Tooltip>
  );
}
