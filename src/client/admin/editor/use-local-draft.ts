import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, removeDraft, writeDraft, type LocalDraft } from './local-draft.js';

/** How long typing pauses before the values are written (a closed tab or hidden page writes at once). */
const SAVE_DELAY_MS = 600;

/** The part of a @mantine/form form (controlled mode) the draft reads and restores. */
type DraftForm<T> = {
  values: T;
  getInitialValues: () => T;
  setValues: (values: Partial<T>) => void;
};

export type LocalDraftControls = {
  /** When the draft was kept, while it waits for Restore or Discard; null otherwise. */
  offeredAt: Date | null;
  restore: () => void;
  discard: () => void;
  /** After a successful save: removes the draft and stops keeping one for this form. */
  clear: () => void;
};

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps a form's unsaved values in localStorage under `key` while the author writes, and offers them back
 * ("Restore unsaved changes?") when the same form opens again. Only a change writes: opening a form and leaving
 * it untouched keeps the earlier draft. Once the author types without answering the offer, the new writing is
 * what is kept (the offered draft stays restorable from memory until the form closes): the newest work is never
 * the one lost.
 */
export function useLocalDraft<T extends Record<string, unknown>>(form: DraftForm<T>, key: string): LocalDraftControls {
  const opened = useRef<T>(form.getInitialValues());
  const [offer, setOffer] = useState<LocalDraft<T> | null>(null);
  const cleared = useRef(false);
  const [openedJson] = useState(() => JSON.stringify(form.values));
  const lastSeen = useRef(openedJson);
  const latest = useRef(form.values);
  latest.current = form.values;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { setValues } = form;

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    const storage = browserStorage();
    if (storage && !cleared.current) writeDraft(storage, key, latest.current, opened.current);
  }, [key]);

  // The offer, once per form (key) opened.
  useEffect(() => {
    const storage = browserStorage();
    setOffer(storage ? readDraft(storage, key, opened.current) : null);
  }, [key]);

  // Every change, after a pause in typing.
  useEffect(() => {
    const seen = JSON.stringify(form.values);
    if (cleared.current || seen === lastSeen.current) return;
    lastSeen.current = seen;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const storage = browserStorage();
      if (storage && !cleared.current) writeDraft(storage, key, latest.current, opened.current);
    }, SAVE_DELAY_MS);
  }, [form.values, key]);

  // Leaving the page or the form (closed tab, reload, session ended, Cancel) writes what is pending.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const restore = useCallback(() => {
    if (!offer) return;
    setOffer(null);
    setValues(offer.values);
  }, [offer, setValues]);

  // Discards the offered draft; what the author typed since stays kept.
  const discard = useCallback(() => {
    const storage = browserStorage();
    if (storage) writeDraft(storage, key, latest.current, opened.current);
    setOffer(null);
  }, [key]);

  const clear = useCallback(() => {
    cleared.current = true;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const storage = browserStorage();
    if (storage) removeDraft(storage, key);
  }, [key]);

  return { offeredAt: offer?.savedAt ?? null, restore, discard, clear };
}
