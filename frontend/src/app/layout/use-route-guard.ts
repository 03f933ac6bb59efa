import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { checkAdmin } from '@/api/admin';
import { t } from '@/i18n/ja';
import { evaluateGuard, runAdminCheck, waitForAuth, type GuardVerdict } from '@/lib/route-guard';
import { getFreshAccessToken, pendingAuthInit } from '@/lib/session';
import { authStore } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';

function authNow(forceLoaded = false) {
  const { isLoading, user } = authStore.get();
  return { isLoading: forceLoaded ? false : isLoading, isAuthenticated: user !== null };
}

/**
 * The route guard (SPEC §2), evaluated on each navigation like a router's beforeEach:
 * synchronous rules first (no flash on public pages), then, where needed, the wait for
 * auth loading and the server's admin check. Signing out on a protected page does not
 * redirect by itself: every sign-out navigates explicitly (logout → /login, withdrawal → /).
 */
export function useRouteGuard(): GuardVerdict {
  const location = useLocation();
  const from = location.pathname + location.search;
  const [state, setState] = useState(() => ({
    key: location.key,
    verdict: evaluateGuard(location.pathname, authNow(), from),
  }));
  let current = state;
  if (state.key !== location.key) {
    current = { key: location.key, verdict: evaluateGuard(location.pathname, authNow(), from) };
    setState(current);
  }

  const toasted = useRef<GuardVerdict | null>(null);
  const pathname = location.pathname;

  useEffect(() => {
    const { key, verdict } = current;
    const controller = new AbortController();
    const settle = (next: GuardVerdict) => {
      if (!controller.signal.aborted) setState((s) => (s.key === key ? { key, verdict: next } : s));
    };
    if (verdict.kind === 'wait') {
      void waitForAuth(() => authStore.get().isLoading, pendingAuthInit, { signal: controller.signal }).then(() => {
        // Still loading after 3 s (and no session refresh in flight) counts as signed out.
        settle(evaluateGuard(pathname, authNow(true), from));
      });
    } else if (verdict.kind === 'admin-check') {
      void runAdminCheck({
        isAuthenticated: () => authStore.get().user !== null,
        getToken: () => getFreshAccessToken(),
        check: () => checkAdmin(controller.signal),
      }).then(settle);
    } else if (verdict.kind === 'redirect' && verdict.message && toasted.current !== verdict) {
      toasted.current = verdict;
      showToast(t(verdict.message), 'warning');
    }
    return () => controller.abort();
    // `current` changes exactly when the verdict does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  return current.verdict;
}
