import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { initialDataQueryOptions } from '@/api/initial-data';
import { INITIAL_DATA_DELAY_MS } from '@/config/constants';
import { skipsInitialData } from '@/config/paths';
import { userSchema } from '@/lib/auth-schemas';
import { startAuth } from '@/lib/session';
import { useStore } from '@/stores/create-store';
import { authStore, setUserFromRead, userWriteCount } from '@/stores/auth-store';

/**
 * SPEC §4 Auth and On sign-in: auth is initialised on mount unless the page is /login or
 * under /guide, and once when the route first leaves them; after a sign-in the initial
 * data (with the user) is fetched after ~100 ms, except on /guide. When the user changes,
 * the queries that belong to the previous one (['me', …]) are dropped.
 */
export function useAuthLifecycle(): void {
  const location = useLocation();
  const queryClient = useQueryClient();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  useEffect(() => {
    startAuth(location.pathname);
  }, [location.pathname]);

  const userId = useStore(authStore).user?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    const before = previous.current;
    previous.current = userId;
    if (before === userId) return;
    // A previous user's data goes; a session restored (or a login) after a guest has none to drop.
    if (before !== null) queryClient.removeQueries({ queryKey: ['me'] });
    if (userId === null) {
      void queryClient.invalidateQueries({ queryKey: initialDataQueryOptions().queryKey });
      return;
    }
    const timer = setTimeout(() => {
      if (skipsInitialData(pathnameRef.current)) return;
      // Already fetched for this user (the request waited for the restored session): not again.
      const cached = queryClient.getQueryData(initialDataQueryOptions().queryKey);
      const cachedUser = userSchema.safeParse(cached?.user);
      if (cachedUser.success && cachedUser.data.id === userId) return;
      const writes = userWriteCount();
      queryClient
        .fetchQuery({ ...initialDataQueryOptions(), staleTime: 0 })
        .then((data) => {
          const user = userSchema.safeParse(data.user);
          if (user.success && authStore.get().user?.id === user.data.id) setUserFromRead(user.data, writes);
        })
        .catch(() => undefined);
    }, INITIAL_DATA_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, queryClient]);
}
