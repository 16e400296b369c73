import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE, BAD_CURSOR } from '../../../domain/admin-lists.schema.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const context = useCallers();
const DRAFTS = 25;
/** A long issue: the list must not carry its body. */
const BODY = 'A long letter to the readers. '.repeat(3_000);

describe('mail.issues answers a page of issues without their bodies (issue 30)', () => {
  it('pages the drafts newest first with limit and cursor, each without its body; the composer reads one whole', async () => {
    const saved = [];
    for (let n = 0; n < DRAFTS; n++)
      saved.push(await context.admin.mail.saveDraft({ subject: `Draft ${n}`, body: BODY }));

    const first = await context.admin.mail.issues();
    expect(first.items.length).toBeLessThanOrEqual(ADMIN_PAGE.defaultLimit);
    expect(first.items.every((issue) => !('body' in issue))).toBe(true);
    expect(JSON.stringify(first).length).toBeLessThan(DRAFTS * 1_000);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const answer: Awaited<ReturnType<typeof context.admin.mail.issues>> = await context.admin.mail.issues({
        limit: 10,
        cursor,
      });
      expect(answer.items.length).toBeLessThanOrEqual(10);
      seen.push(...answer.items.map((issue) => issue.id));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(DRAFTS);
    // Drafts newest edit first (drafts saved within one millisecond: by id, still one stable order).
    const newestFirst = [...saved].sort(
      (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id.localeCompare(a.id),
    );
    expect(seen).toEqual(newestFirst.map((draft) => draft.id));
    expect(seen).toEqual(first.items.map((issue) => issue.id));

    expect((await context.admin.mail.issue({ id: saved[3]!.id })).body).toBe(BODY);
  });

  it('refuses a cursor it never gave and a limit out of range with BAD_REQUEST; a visitor is refused', async () => {
    await expectTRPCError(context.admin.mail.issues({ cursor: 'no-such-issue' }), 'BAD_REQUEST', BAD_CURSOR);
    await expectTRPCError(
      context.admin.mail.issues({ limit: ADMIN_PAGE.maxLimit + 1 }),
      'BAD_REQUEST',
      `Limit must be at most ${ADMIN_PAGE.maxLimit}`,
    );
    await expectTRPCError(context.admin.mail.issues({ limit: 0 }), 'BAD_REQUEST', 'Limit must be at least 1');
    await expectTRPCError(context.visitor.mail.issues(), 'UNAUTHORIZED');
  });
});
