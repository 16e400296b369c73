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
 * ("Restore unsaved changes?") when the same form opens again. While the offer waits, nothing is written, so the
 * kept draft is not replaced before the author chose.
 */
export function useLocalDraft<T extends Record<string, unknown>>(form: DraftForm<T>, key: string): LocalDraftControls {
  const opened = useRef<T>(form.getInitialValues());
  const [offer, setOffer] = useState<LocalDraft<T> | null>(null);
  const offerPending = useRef(false);
  const cleared = useRef(false);
  const latest = useRef(form.values);
  latest.current = form.values;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { setValues } = form;

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    const storage = browserStorage();
    if (storage && !cleared.current && !offerPending.current) writeDraft(storage, key, latest.current, opened.current);
  }, [key]);

  // The offer, once per form (key) opened.
  useEffect(() => {
    const storage = browserStorage();
    const found = storage ? readDraft(storage, key, opened.current) : null;
    offerPending.current = found !== null;
    setOffer(found);
  }, [key]);

  // Every change, after a pause in typing.
  useEffect(() => {
    if (cleared.current || offerPending.current) return;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const storage = browserStorage();
      if (storage && !cleared.current && !offerPending.current)
        writeDraft(storage, key, latest.current, opened.current);
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
    offerPending.current = false;
    setOffer(null);
    setValues(offer.values);
  }, [offer, setValues]);

  const discard = useCallback(() => {
    const storage = browserStorage();
    if (storage) removeDraft(storage, key);
    offerPending.current = false;
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
