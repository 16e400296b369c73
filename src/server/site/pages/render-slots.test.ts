import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderSlots } from './render-slots.js';

/** A piece of work the test finishes by hand, recording when it started. */
function heldWork(started: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const work = () => {
    started.push(name);
    return done;
  };
  return { work, finish: () => finish(name), fail: (error: Error) => fail(error) };
}

/** Lets every settled promise's continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('RenderSlots', () => {
  it('runs one at a time, in the order the runs arrived, each getting its own result', async () => {
    const slots = new RenderSlots(1);
    const started: string[] = [];
    const works = ['a', 'b', 'c'].map((name) => heldWork(started, name));
    const results = works.map(({ work }) => slots.run(work));
    await settle();
    expect(started).toEqual(['a']);
    expect(slots.queued).toBe(2);

    works[0]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b']);
    works[1]!.finish();
    works[2]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(slots.queued).toBe(0);
  });

  it('runs as many at once as it has slots, and a newcomer waits behind the queue, not before it', async () => {
    const slots = new RenderSlots(2);
    const started: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => heldWork(started, name));
    const results = works.slice(0, 3).map(({ work }) => slots.run(work));
    await settle();
    expect(started).toEqual(['a', 'b']);

    works[0]!.finish();
    // 'd' arrives in the same turn as 'a' ends: the freed slot is already 'c''s.
    results.push(slots.run(works[3]!.work));
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    works[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a run that fails frees its slot and rejects with its own error', async () => {
    const slots = new RenderSlots(1);
    const started: string[] = [];
    const [failing, next] = ['a', 'b'].map((name) => heldWork(started, name));
    const failed = slots.run(failing!.work);
    const after = slots.run(next!.work);
    failing!.fail(new Error('render failed'));
    await expect(failed).rejects.toThrow('render failed');
    await settle();
    expect(started).toEqual(['a', 'b']);
    next!.finish();
    expect(await after).toBe('b');
  });

  it('a run past its patience lets the next one start beside it, and its own end frees nothing twice', async () => {
    vi.useFakeTimers();
    const slots = new RenderSlots(1, 100);
    const started: string[] = [];
    const works = ['slow', 'b', 'c'].map((name) => heldWork(started, name));
    const results = works.map(({ work }) => slots.run(work));
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toEqual(['slow']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['slow', 'b']);

    // The slow run ends while 'b' holds the one slot: 'c' still waits for 'b'.
    works[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['slow', 'b']);
    works[1]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['slow', 'b', 'c']);
    works[2]!.finish();
    expect(await Promise.all(results)).toEqual(['slow', 'b', 'c']);

    // Every slot is back: two new runs take turns again rather than running together.
    const more = ['d', 'e'].map((name) => heldWork(started, name));
    const moreResults = more.map(({ work }) => slots.run(work));
    await vi.advanceTimersByTimeAsync(0);
    expect(started.slice(3)).toEqual(['d']);
    more[0]!.finish();
    more[1]!.finish();
    expect(await Promise.all(moreResults)).toEqual(['d', 'e']);
  });
});
