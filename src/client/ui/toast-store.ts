/** One toast visible at a time, 5,000 ms by default. */
const TOAST_DURATION_MS = 5_000;
/** Swiping a toast right by more than this many pixels dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

type ToastVariant = 'default' | 'destructive';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant };
export type ToastOptions = { title: string; description?: string; variant?: ToastVariant };

type Listener = (toast: Toast | null) => void;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function publish(toast: Toast | null): void {
  current = toast;
  for (const listener of listeners) listener(current);
}

/** Shows a toast, replacing any visible one. */
export function toast(options: ToastOptions): void {
  clearTimeout(timer);
  const shown: Toast = { id: nextId++, variant: 'default', ...options };
  publish(shown);
  timer = setTimeout(() => dismissToast(shown.id), TOAST_DURATION_MS);
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  publish(null);
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}
