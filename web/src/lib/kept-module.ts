import { lazy, type ComponentType } from 'react';

/** Loads a module (an `import()`), and says whether it has loaded already. */
export interface KeptLoader<M> {
  (): Promise<M>;
  /** The module once its load has finished, else undefined. */
  loaded(): M | undefined;
}

/**
 * A module's loader that keeps the module once loaded: every call after that gets it at once,
 * and `loaded()` hands it over synchronously. A failed load is tried again at the next call.
 */
export function keepModule<M>(load: () => Promise<M>): KeptLoader<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () => {
    if (module !== undefined) return Promise.resolve(module);
    pending ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(get, { loaded: () => module });
}

/**
 * React.lazy over a kept module. React only learns that a lazy component's code is there by
 * calling its loader during a render, and an `import()` resolves a microtask later even for a
 * module loaded long before: the render suspends, React renders the rest of the page in the
 * background to warm it up and then renders it all again, or commits the Suspense fallback
 * first (issue 17: a screen whose code was loaded when the finger went down was drawn about
 * twice, 60 ms of the schedule's first opening). Once the module has loaded, this hands React a
 * thenable already settled, which React reads synchronously: the first render takes the
 * component at once. Before that, it loads and suspends as React.lazy does.
 */
export function lazyComponent<M, P extends object>(load: KeptLoader<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => {
    const module = load.loaded();
    if (module === undefined) return load().then((m) => ({ default: pick(m) }));
    const settled = { default: pick(module) };
    // React's lazy calls then() and reads the result as soon as it is settled (react/lazy).
    const thenable: PromiseLike<typeof settled> = {
      then: <A, B>(onFulfilled?: ((value: typeof settled) => A | PromiseLike<A>) | null) => {
        onFulfilled?.(settled);
        return thenable as unknown as PromiseLike<A | B>;
      },
    };
    return thenable as Promise<typeof settled>;
  });
}
