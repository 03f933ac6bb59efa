import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Like React.lazy for a route, without React's Suspense reveal throttle (docs/decisions/first-markers.md). A lazy component that suspends shows the
 * nearest Suspense fallback, and when its chunk arrives React commits the content no sooner
 * than 300 ms after that fallback appeared (a "retry" is throttled so loading states do not
 * flicker). On a cold visit of /map the fallback is shown at the first render, the map's chunk
 * arrives 100–250 ms later, and the finished map then waited for that timer. Here the route
 * renders `fallback` itself while its chunk loads and swaps the component in with an ordinary
 * state update, which React commits at once. A chunk that fails to load throws during render,
 * as React.lazy does. Once loaded, the component renders synchronously (navigations back to
 * the route show no fallback).
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>, fallback: ReactNode) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const start = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return loaded;
    }));

  type Loading = { component?: ComponentType; error?: unknown; failed: boolean };
  function LazyRoute() {
    const [state, setState] = useState<Loading>(() => ({ component: loaded, failed: false }));
    useEffect(() => {
      if (state.component || state.failed) return;
      let live = true;
      start().then(
        (component) => live && setState({ component, failed: false }),
        (error: unknown) => live && setState({ error, failed: true }),
      );
      return () => {
        live = false;
      };
    }, [state.component, state.failed]);
    if (state.failed) throw state.error;
    if (!state.component) {
      void start(); // the request starts with the render, as React.lazy's does
      return fallback;
    }
    const Component = state.component;
    return <Component />;
  }
  return Object.assign(LazyRoute, { preload: start });
}
