import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { bearer } from '../test-support/http.js';
import { fixture, importOk } from '../test-support/import-requests.js';
import { readWordPressExport } from './sources/wordpress.js';
import { extractZip } from './zip-reader.js';

// WordPress's comments (WXR wp:comment) in the shapes of its theme unit test data: approved ones only, one level deep.
const context = useTestApp();

const commentsOf = async (slug: string) => {
  const db = context.t.services.db;
  const post = await db.selectFrom('blogPosts').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return db.selectFrom('comments').selectAll().where('targetId', '=', post.id).orderBy('createdAt').execute();
};

describe('WordPress comments', () => {
  it('the dry run counts the approved comments, the import threads them one level deep, a second import adds none', async () => {
    const file = await fixture('wordpress-theme-unit-comments.xml');
    const dry = await importOk(context, 'source=wordpress&dryRun=1', file);
    expect(dry.created).toMatchObject({ posts: 3, comments: 8 });
    expect(dry.items.find((item) => item.item.startsWith('Template: Comments ('))?.comments).toBe(8);
    expect(await context.t.services.db.selectFrom('comments').select('id').execute()).toHaveLength(0);

    const done = await importOk(context, 'source=wordpress', file);
    expect(done.created).toMatchObject({ posts: 3, comments: 8 });
    const rows = await commentsOf('template-comments');
    expect(rows.map((row) => row.body.trim())).toEqual([
      'This is a comment with _emphasis_ and [a link](https://wordpress.org/).',
      'Comment Depth 01',
      'Comment Depth 02',
      'Comment Depth 03',
      'Comment Depth 04',
      'A reply to the waiting one',
      expect.stringContaining('Hi'),
      '> The marsh remembers.\n\nIt does.',
    ]);
    expect(rows.every((row) => row.status === 'approved' && row.origin === 'import' && row.readerId === null)).toBe(
      true,
    );
    const byBody = new Map(rows.map((row) => [row.body.trim(), row]));
    const top = byBody.get('Comment Depth 01')!;
    expect(top.parentId).toBeNull();
    // Depth 2, 3 and 4, and the reply to a comment that was never approved, all hang under the top-level comment.
    for (const body of ['Comment Depth 02', 'Comment Depth 03', 'Comment Depth 04', 'A reply to the waiting one'])
      expect(byBody.get(body)!.parentId).toBe(top.id);
    expect(rows.map((row) => row.remoteAuthorName)).toContain('Jane Doe');
    expect(rows.map((row) => row.remoteAuthorName)).toContain('Mallory');
    // No address, link or IP of a commenter is kept.
    expect(JSON.stringify(rows)).not.toMatch(/@example\.invalid|example\.invalid\/9|203\.0\.113/);
    expect(await commentsOf('template-pingbacks-an-trackbacks')).toHaveLength(0);

    // The thread shows them, the script as text.
    const thread = await context.t.app.inject({ url: `/api/comments?targetKind=post&targetId=${top.targetId}` });
    expect(thread.statusCode, thread.body).toBe(200);
    const shown = thread.json<{
      count: number;
      comments: Array<{ authorName: string; bodyHtml: string; replies: unknown[] }>;
    }>();
    expect(shown.comments.find((comment) => comment.authorName === 'John Doe')?.replies).toHaveLength(4);
    const mallory = shown.comments.find((comment) => comment.authorName === 'Mallory')!;
    expect(mallory.bodyHtml).not.toMatch(/<script|<img|<iframe|onerror=/i);

    const again = await importOk(context, 'source=wordpress', file);
    expect(again.created).toMatchObject({ posts: 0, comments: 0 });
    expect(await commentsOf('template-comments')).toHaveLength(8);
  });

  it('the WordPress export carries the shown comments as wp:comment, threaded, and reads back the same', async () => {
    const res = await context.t.app.inject({ url: '/api/admin/export', headers: bearer(context.token) });
    expect(res.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'wxr-comments-'));
    try {
      await writeFile(path.join(dir, 'export.zip'), res.rawPayload);
      await extractZip(path.join(dir, 'export.zip'), path.join(dir, 'out'), (name) => name === 'wordpress.xml');
      const wxr = path.join(dir, 'out', 'wordpress.xml');
      const xml = await readFile(wxr, 'utf8');
      expect(xml.match(/<wp:comment>/g)).toHaveLength(8);
      expect(xml).not.toContain('@example.invalid');
      const read = [];
      for await (const post of readWordPressExport(wxr, new Map())) if (post.comments) read.push(post);
      expect(read).toHaveLength(1);
      const comments = read[0]!.comments!;
      expect(comments).toHaveLength(8);
      const top = comments.find((comment) => comment.body === 'Comment Depth 01')!;
      expect(comments.filter((comment) => comment.parentSourceId === top.sourceId)).toHaveLength(4);
      expect(comments.map((comment) => comment.authorName)).toContain('Jane Doe');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
