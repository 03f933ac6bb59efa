import { createStore, useStore } from './create-store';

/**
 * The auth state (SPEC §4 "Auth"). Accounts arrive in a later issue: for now nobody is
 * ever signed in and nothing is loading. The accounts issue fills `user`, the access
 * token and `isLoading`, and adds sign-in/out actions that set this store.
 */
export interface AuthUser {
  id: number;
  nickname: string;
  prefecture: string | null;
  admin: boolean;
}

export interface AuthState {
  isLoading: boolean;
  user: AuthUser | null;
  accessToken: string | null;
}

export const authStore = createStore<AuthState>({ isLoading: false, user: null, accessToken: null });

export function useAuth() {
  const state = useStore(authStore);
  return { ...state, isAuthenticated: state.user !== null };
}

/** Bearer token for API calls; null while there are no accounts. */
export function getAccessToken(): string | null {
  return authStore.get().accessToken;
}

/** Called by the API client on a 401. Hook point for "refresh once, then log out" (SPEC §4). */
export async function refreshAccessToken(): Promise<string | null> {
  return null;
}
