/**
 * Unsaved form values kept in the browser (localStorage), so a post being written survives a closed tab, a reload
 * or an expired session. Pure functions over a Storage, so the rules are tested without a browser.
 */

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LocalDraft<T> = { values: T; savedAt: Date };

const KEY_PREFIX = 'admin-draft:';
const FORMAT_VERSION = 1;

/** A draft older than this is not offered any more (and is removed when found). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The storage key of one form: a new item of a kind, or one item by id. */
export function draftKey(kind: string, id: string | null | undefined): string {
  return `${KEY_PREFIX}${kind}:${id ?? 'new'}`;
}

type StoredDraft = { v: number; savedAt: string; values: Record<string, unknown> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameShape(stored: unknown, current: unknown): boolean {
  if (Array.isArray(current)) return Array.isArray(stored);
  if (current === null) return stored === null;
  return typeof stored === typeof current && !isRecord(stored) === !isRecord(current);
}

/**
 * The stored values the form knows, each of the type it has now: a field the form no longer has is dropped, and
 * one it gained since keeps its current value. Null when nothing of the stored draft fits.
 */
function mergeInto<T extends Record<string, unknown>>(stored: Record<string, unknown>, current: T): T | null {
  const merged: Record<string, unknown> = { ...current };
  let taken = 0;
  for (const [name, value] of Object.entries(current)) {
    if (Object.hasOwn(stored, name) && sameShape(stored[name], value)) {
      merged[name] = stored[name];
      taken += 1;
    }
  }
  return taken === 0 ? null : (merged as T);
}

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function safely<R>(action: () => R, fallback: R): R {
  try {
    return action();
  } catch {
    // Storage refused (private mode, quota, disabled): the form still works, without a local copy.
    return fallback;
  }
}

export function removeDraft(storage: DraftStorage, key: string): void {
  safely(() => storage.removeItem(key), undefined);
}

/**
 * The draft to offer when the form opens: null when there is none, it cannot be read, it is too old, or it holds
 * what the form already shows (the last two are removed).
 */
export function readDraft<T extends Record<string, unknown>>(
  storage: DraftStorage,
  key: string,
  current: T,
  now = new Date(),
): LocalDraft<T> | null {
  const raw = safely(() => storage.getItem(key), null);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const stored = isRecord(parsed) ? (parsed as Partial<StoredDraft>) : null;
  const savedAt = new Date(typeof stored?.savedAt === 'string' ? stored.savedAt : NaN);
  const values = stored?.v === FORMAT_VERSION && isRecord(stored.values) ? mergeInto(stored.values, current) : null;
  const tooOld = Number.isNaN(savedAt.getTime()) || now.getTime() - savedAt.getTime() > DRAFT_MAX_AGE_MS;
  if (!values || tooOld || sameValues(values, current)) {
    removeDraft(storage, key);
    return null;
  }
  return { values, savedAt };
}

/**
 * Keeps the form's values; values equal to what the form opened with are no draft (any stored one is removed).
 * False when the browser refused to store them.
 */
export function writeDraft<T extends Record<string, unknown>>(
  storage: DraftStorage,
  key: string,
  values: T,
  opened: T,
  now = new Date(),
): boolean {
  if (sameValues(values, opened)) {
    removeDraft(storage, key);
    return true;
  }
  const stored: StoredDraft = { v: FORMAT_VERSION, savedAt: now.toISOString(), values };
  return safely(() => {
    storage.setItem(key, JSON.stringify(stored));
    return true;
  }, false);
}
