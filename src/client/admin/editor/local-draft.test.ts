import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, draftKey, readDraft, removeDraft, writeDraft, type DraftStorage } from './local-draft.js';

/** The part of the Web Storage API the drafts use, over a Map (what localStorage does, in memory). */
class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A storage that refuses every write, as a full or disabled localStorage does. */
class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

const opened = { title: '', content: '', category: 'announcements', coverImage: '' };
const written = { ...opened, title: 'The Long Stair', content: 'It *began* at dusk.' };
const now = new Date('2026-11-23T12:00:00Z');

describe('local drafts', () => {
  it('names one key per form: a new item of a kind, or an item by id', () => {
    expect(draftKey('blog', null)).toBe('admin-draft:blog:new');
    expect(draftKey('blog', undefined)).toBe('admin-draft:blog:new');
    expect(draftKey('excerpt', 'e-42')).toBe('admin-draft:excerpt:e-42');
    expect(draftKey('blog', 'p1')).not.toBe(draftKey('excerpt', 'p1'));
  });

  it('keeps written values and offers them back with the time they were saved', () => {
    const storage = new MemoryStorage();
    const key = draftKey('blog', null);
    expect(writeDraft(storage, key, written, opened, now)).toBe(true);
    expect(readDraft(storage, key, opened, new Date(now.getTime() + 60_000))).toEqual({
      values: written,
      savedAt: now,
    });
  });

  it('offers nothing when there is no draft, and keeps none for values the form opened with', () => {
    const storage = new MemoryStorage();
    const key = draftKey('blog', 'p1');
    expect(readDraft(storage, key, opened, now)).toBeNull();
    writeDraft(storage, key, written, opened, now);
    writeDraft(storage, key, { ...opened }, opened, now); // typed back to what it was
    expect(storage.items.has(key)).toBe(false);
  });

  it('does not offer a draft equal to what the form shows now (saved elsewhere since), and removes it', () => {
    const storage = new MemoryStorage();
    const key = draftKey('blog', 'p1');
    writeDraft(storage, key, written, opened, now);
    expect(readDraft(storage, key, written, now)).toBeNull();
    expect(storage.items.has(key)).toBe(false);
  });

  it('drops a draft older than 30 days', () => {
    const storage = new MemoryStorage();
    const key = draftKey('excerpt', null);
    writeDraft(storage, key, written, opened, now);
    expect(readDraft(storage, key, opened, new Date(now.getTime() + DRAFT_MAX_AGE_MS - 1))).not.toBeNull();
    expect(readDraft(storage, key, opened, new Date(now.getTime() + DRAFT_MAX_AGE_MS + 1))).toBeNull();
    expect(storage.items.has(key)).toBe(false);
  });

  it('restores only the fields the form has, with their types; a field added since keeps its value', () => {
    const storage = new MemoryStorage();
    const key = draftKey('blog', null);
    storage.setItem(
      key,
      JSON.stringify({
        v: 1,
        savedAt: now.toISOString(),
        values: { title: 'Kept', content: 42, removedField: 'x', category: ['not', 'text'] },
      }),
    );
    const withNewField = { ...opened, slug: 'from-the-form' };
    expect(readDraft(storage, key, withNewField, now)?.values).toEqual({ ...withNewField, title: 'Kept' });
  });

  it('removes what it cannot read: not JSON, another version, no date, nothing that fits', () => {
    const key = draftKey('blog', null);
    for (const raw of [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ v: 2, savedAt: now.toISOString(), values: written }),
      JSON.stringify({ v: 1, values: written }),
      JSON.stringify({ v: 1, savedAt: 'yesterday', values: written }),
      JSON.stringify({ v: 1, savedAt: now.toISOString(), values: { other: 'x' } }),
    ]) {
      const storage = new MemoryStorage();
      storage.setItem(key, raw);
      expect(readDraft(storage, key, opened, now), raw).toBeNull();
      expect(storage.items.has(key), raw).toBe(false);
    }
  });

  it('answers false when the browser refuses to store, without throwing', () => {
    const storage = new FullStorage();
    expect(writeDraft(storage, draftKey('blog', null), written, opened, now)).toBe(false);
    expect(() => removeDraft(storage, draftKey('blog', null))).not.toThrow();
  });
});
