import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '@/stores/toast-store';

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
