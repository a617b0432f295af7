// No React here: the entry (index.ts) starts preloads before the shared modules are negotiated.

/** A module loaded on demand that can be started early, and read at once once it has arrived. */
export interface Preloadable<M> {
  /** Starts the import (once) and resolves to the module. */
  load(): Promise<M>;
  /** The module when it has arrived. */
  loaded(): M | undefined;
}

export function preloadable<M>(importModule: () => Promise<M>): Preloadable<M> {
  let pending: Promise<M> | undefined;
  let module: M | undefined;
  return {
    load: () =>
      (pending ??= importModule().then((m) => {
        module = m;
        return m;
      })),
    loaded: () => module,
  };
}

