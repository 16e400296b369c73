import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImportRefused } from '../import-refused.js';
import { readGhostExport } from './ghost.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ghost-reader-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function read(json: string) {
  const file = path.join(dir, 'export.json');
  await writeFile(file, json);
  const scratch = await mkdtemp(path.join(dir, 'scratch-'));
  const source = await readGhostExport(file, scratch);
  const posts = [];
  for await (const post of source.posts()) posts.push(post);
  return { posts, subscribersCsv: source.subscribersCsv };
}

describe('readGhostExport', () => {
  it('reads the older {meta, data} shape, members and newsletters listed after their rows', async () => {
    const { posts, subscribersCsv } = await read(
      JSON.stringify({
        meta: { version: '3.0.0' },
        data: {
          posts_tags: [{ post_id: 'a', tag_id: 't1' }],
          posts: [{ id: 'a', title: 'Old', slug: 'old', html: '<p>x</p>', status: 'published', page: 0 }],
          tags: [{ id: 't1', name: 'announcements' }],
          members: [
            { id: 'm1', email: 'in@example.com', name: 'In', created_at: '2023-01-01' },
            { id: 'm2', email: 'out@example.com', name: 'Out', created_at: '2023-01-02' },
          ],
          members_newsletters: [{ member_id: 'm1', newsletter_id: 'n' }],
        },
      }),
    );
    expect(posts.map((post) => [post.sourceId, post.slug, post.type, post.categories.map((t) => t.label)])).toEqual([
      ['a', 'old', 'post', ['announcements']],
    ]);
    expect(await readFile(subscribersCsv!, 'utf8')).toBe(
      'email,name,status,created_at\r\nin@example.com,In,subscribed,2023-01-01\r\n' +
        'out@example.com,Out,unsubscribed,2023-01-02\r\n',
    );
  });

  it('refuses a file cut short, and posts that are not a list', async () => {
    const whole = JSON.stringify({ db: [{ data: { posts: [{ id: 'a', slug: 'a', html: '<p>x</p>' }] } }] });
    await expect(read(whole.slice(0, -3))).rejects.toThrow(ImportRefused);
    await expect(read('{"db":[{"data":{"posts":{"a":{"id":"a"}}}}]}')).rejects.toThrow(/not a Ghost export/);
    await expect(read('[1, 2')).rejects.toThrow(/not a Ghost export/);
    expect((await read(whole)).posts).toHaveLength(1);
  });
});
