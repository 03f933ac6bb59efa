import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetSessionStateForTests } from '@/lib/session';
import { resetAuth } from '@/stores/auth-store';
import { clearToasts } from '@/stores/toast-store';
import { server } from './server';

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// The fake API (MSW): a request outside the API that no handler answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  // Tests start as a guest whose auth has finished loading; tests of the loading state set it.
  resetSessionStateForTests();
  resetAuth();
});

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  server.resetHandlers();
});
