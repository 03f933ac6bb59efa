import { useCallback, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * setSearchParams with an updater that sees the URL as it is now. React Router hands a
 * functional update the params of its component's last render, which are stale while a
 * navigation waits in a transition (e.g. the store sheet's chunk loading): the map writing
 * ?view= then dropped the ?store= just set (site.spec "nearby list", ~1 run in 3 on desktop).
 * With browser history the address bar is the truth; elsewhere (MemoryRouter in tests) the
 * rendered params are.
 */
export function useSearchParamsNow() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const rendered = useRef({ params, pathname });
  rendered.current = { params, pathname };

  const update = useCallback(
    (next: (now: URLSearchParams) => URLSearchParams, options?: Parameters<typeof setParams>[1]) =>
      setParams(() => {
        const { params: last, pathname: path } = rendered.current;
        const now = window.location.pathname === path ? new URLSearchParams(window.location.search) : new URLSearchParams(last);
        return next(now);
      }, options),
    [setParams],
  );
  return [params, update] as const;
}
