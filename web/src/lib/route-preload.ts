/**
 * Loading a screen's code before it is opened (issue 17, prefetch on intent). The router owns
 * the lazy imports; it names them here, so a feature can ask for the next screen's code when
 * the user points at a link to it, without importing the app or another feature.
 */
export type PreloadedRoute = 'patient' | 'schedule';

const loaders = new Map<PreloadedRoute, () => Promise<unknown>>();

export function registerRoutePreload(route: PreloadedRoute, load: () => Promise<unknown>): void {
  loaders.set(route, load);
}

/** Starts loading the screen's code (once: the browser keeps a module it has loaded). */
export function preloadRoute(route: PreloadedRoute): void {
  void loaders.get(route)?.().catch(() => undefined);
}
