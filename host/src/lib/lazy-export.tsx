import { lazy, useState, type ComponentType } from 'react';
import type { Preloadable } from './preloadable';

/**
 * A component exported by a preloadable module. Where the module has arrived when an instance mounts
 * (it was preloaded) the instance renders it at once; otherwise through React.lazy, whose suspense
 * would show the fallback for a frame even for a module already here, and then hold the content back
 * for React's 300 ms reveal throttle. An instance keeps the way it started, so it never remounts.
 */
export function lazyExport<M extends Record<string, unknown>, P extends object = object>(module: Preloadable<M>, name: keyof M): ComponentType<P> {
  const Lazy = lazy(() => module.load().then((m) => ({ default: m[name] as ComponentType<P> })));
  function PreloadableComponent(props: P) {
    const [Direct] = useState(() => module.loaded()?.[name] as ComponentType<P> | undefined);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  PreloadableComponent.displayName = `Preloadable(${String(name)})`;
  return PreloadableComponent;
}
