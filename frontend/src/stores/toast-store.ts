import { FLASH_DEFAULT_DURATION_MS, MAX_TOASTS_DESKTOP, MAX_TOASTS_PHONE, PHONE_QUERY } from '@/config/constants';
import { createStore, useStore } from './create-store';

/** Flash messages (SPEC §3 "Flash message", §4): dismissible toasts that auto-dismiss. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

/** How many toasts may be on screen now: one on a phone. */
function maxToasts(): number {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches ? MAX_TOASTS_PHONE : MAX_TOASTS_DESKTOP;
}

/**
 * Shows a toast. The same message (text and type) already on screen is not repeated: it
 * stays, and its time starts again. Beyond the screen's limit (one on a phone) the oldest
 * make way for the newest.
 */
export function showToast(
  text: string,
  type: ToastType = 'info',
  durationMs: number = FLASH_DEFAULT_DURATION_MS,
): number {
  const same = toastStore.get().find((toast) => toast.text === text && toast.type === type);
  const id = same?.id ?? nextId++;
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (!same) {
    const shown = toastStore.get();
    for (const old of shown.slice(0, Math.max(0, shown.length - (maxToasts() - 1)))) dismissToast(old.id);
    toastStore.set((list) => [...list, { id, type, text }]);
  }
  if (durationMs > 0) timers.set(id, setTimeout(() => dismissToast(id), durationMs));
  return id;
}

export function clearToasts(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  toastStore.set([]);
}

export function useToasts(): Toast[] {
  return useStore(toastStore);
}
