import { describe, expect, it } from 'vitest';
import { SummaryRecorder } from './summary-recorder.js';

describe('SummaryRecorder', () => {
  it('lists every post of a big blog, with its warnings, and counts nothing as left out that the items show', () => {
    const recorder = new SummaryRecorder('wordpress', false);
    for (let index = 0; index < 5_000; index++)
      recorder.record({ item: `Post ${index}`, kind: 'post', action: 'create', warnings: ['filed under News'] });
    for (let index = 0; index < 2_500; index++)
      recorder.record({ item: `Page ${index}`, kind: 'page', action: 'skip', reason: 'a page' });
    const { summary } = recorder;
    expect(summary.created.posts).toBe(5_000);
    expect(summary.items).toHaveLength(7_500);
    expect(summary.skippedCount).toBe(2_500);
    expect(summary.skipped).toHaveLength(2_000);
    expect(summary.warnings).toHaveLength(2_000);
    expect(summary.omitted).toBe(0);
  });

  it('counts subscribers, lists at most 2,000 skipped, and says how many more were left out', () => {
    const recorder = new SummaryRecorder('subscribers', false);
    for (let index = 0; index < 3_000; index++)
      recorder.record({ item: `line ${index}`, kind: 'subscriber', action: 'skip', reason: 'duplicate' }, false);
    for (let index = 0; index < 10; index++)
      recorder.record({ item: `reader${index}@example.com`, kind: 'subscriber', action: 'create' }, false);
    const { summary } = recorder;
    expect(summary.created.subscribers).toBe(10);
    expect(summary.items).toEqual([]);
    expect(summary.skippedCount).toBe(3_000);
    expect(summary.skipped).toHaveLength(2_000);
    expect(summary.omitted).toBe(1_000);
  });
});
