import { FLASH_DEFAULT_DURATION_MS } from '@/config/constants';
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

export function showToast(
  text: string,
  type: ToastType = 'info',
  durationMs: number = FLASH_DEFAULT_DURATION_MS,
): number {
  const id = nextId++;
  toastStore.set((list) => [...list, { id, type, text }]);
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
