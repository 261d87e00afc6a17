import { useSyncExternalStore } from 'react';

/** Toasts: at most 1 visible, 5000 ms by default, swipe right past 50 px, hotkey F8. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds before it hides; default 5000. */
  duration?: number;
}
export interface Toast extends Required<Pick<ToastInput, 'title' | 'variant' | 'duration'>> {
  id: number;
  description?: string;
}

type Listener = () => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast (replacing the visible one). Callable from the shell and every remote. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const item: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id: item.id, dismiss: () => dismissToast(item.id) };
}

export function dismissToast(id?: number): void {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export function getToasts(): Toast[] {
  return toasts;
}

/** The visible toasts (React hook). */
export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
