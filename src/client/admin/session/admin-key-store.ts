import { useSyncExternalStore } from 'react';
import { ADMIN_KEY_STORAGE_NAME } from '../../../domain/admin-auth.js';

/**
 * The admin session token in localStorage (under `adminKey`), as an external store
 * React can subscribe to. Changes from this tab notify directly; other tabs' changes arrive
 * through the `storage` event, so logging out in one tab logs out the others.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAdminKey(): string | null {
  try {
    return localStorage.getItem(ADMIN_KEY_STORAGE_NAME);
  } catch {
    return null;
  }
}

export function storeAdminKey(token: string): void {
  localStorage.setItem(ADMIN_KEY_STORAGE_NAME, token);
  notify();
}

export function clearAdminKey(): void {
  try {
    localStorage.removeItem(ADMIN_KEY_STORAGE_NAME);
  } finally {
    notify();
  }
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ADMIN_KEY_STORAGE_NAME) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored key: a string, null when there is none, undefined while rendering on the server or hydrating. */
export function useStoredAdminKey(): string | null | undefined {
  return useSyncExternalStore(subscribe, readAdminKey, () => undefined);
}
