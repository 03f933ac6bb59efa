import type { User } from '@/lib/auth-schemas';
import { createStore, useStore } from './create-store';

/**
 * The auth state: SPEC's one small "store" (§4 Auth) that sign-out and automatic logout
 * reset. `user` is also the profile (our User carries nickname and prefecture), so a
 * profile update replaces it. The access token lives here, in memory only, never in
 * localStorage; the refresh token is an HttpOnly cookie the page cannot read.
 * Actions that talk to the server are in lib/session.ts.
 */
export type AuthUser = User;

export interface AuthState {
  /** True until auth has been initialised (SPEC §4: "loading (initially true)"). */
  isLoading: boolean;
  user: AuthUser | null;
  accessToken: string | null;
  /** When the access token expires (ms since epoch); null when unknown. */
  expiresAt: number | null;
}

export function initialAuthState(): AuthState {
  return { isLoading: true, user: null, accessToken: null, expiresAt: null };
}

export const authStore = createStore<AuthState>(initialAuthState());

export function setAuthLoading(isLoading: boolean): void {
  authStore.set((s) => (s.isLoading === isLoading ? s : { ...s, isLoading }));
}

export function setSignedIn(user: AuthUser, accessToken: string, expiresAt: number | null): void {
  authStore.set({ isLoading: false, user, accessToken, expiresAt });
}

/** Replaces the stored user/profile (profile update, initial data). */
export function setUser(user: AuthUser): void {
  authStore.set((s) => (s.user ? { ...s, user } : s));
}

// Profile writes answered so far. A read that was on its way while a write was answered carries
// the profile from before that write, and must not put it back (a switch flipped just as the
// page opened would spring back).
let userWrites = 0;

/** Counts profile writes; a read takes it when it starts. */
export function userWriteCount(): number {
  return userWrites;
}

/** Stores the profile a write answered. */
export function setUserFromWrite(user: AuthUser): void {
  userWrites += 1;
  setUser(user);
}

/** Stores the profile a read answered, unless a write was answered since the read started. */
export function setUserFromRead(user: AuthUser, writesAtStart: number): void {
  if (writesAtStart === userWrites) setUser(user);
}

/** Resets the store to "not signed in" (sign-out, automatic logout, withdrawal). */
export function resetAuth(): void {
  authStore.set({ isLoading: false, user: null, accessToken: null, expiresAt: null });
}

/** The name shown in the header: the display name (nickname), else the e-mail's local part. */
export function displayName(user: AuthUser | null): string {
  if (!user) return '';
  const nickname = user.nickname?.trim();
  if (nickname) return nickname;
  return user.email.split('@')[0] ?? '';
}

export function useAuth() {
  const state = useStore(authStore);
  return {
    isLoading: state.isLoading,
    user: state.user,
    /** The profile is the same record as the user (see above). */
    profile: state.user,
    isAuthenticated: state.user !== null,
    isAdmin: state.user?.admin === true,
  };
}
