import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../domain/import-export.js';
import { useTestApp } from '../test-support/app-context.js';
import { expectError } from '../test-support/http.js';
import { fixture, importOk, postImport } from '../test-support/import-requests.js';

/**
 * Issue 30, item 3: imports keep consent. Unknown means not subscribed: a status the mapping does not know is
 * imported as not mailed, and the dry run counts each status; a file with no status column (and no confirmation
 * dates) makes the author say where consent was given, or import the rows as not mailed; Ghost's members CSV is
 * recognised (status from subscribed_to_emails, labels as interests, deleted members left out).
 */
const context = useTestApp();

const stored = (prefix: string) =>
  context.t.services.db
    .selectFrom('newsletterSubscriptions')
    .select(['email', 'isActive', 'confirmedAt', 'unsubscribedAt', 'interests', 'source'])
    .where('email', 'like', `${prefix}%`)
    .orderBy('email')
    .execute();

const STATUSES = [
  ['subscribed', 'subscribed'],
  ['transactional', 'not mailed'],
  ['opted-out', 'unsubscribed'],
  ['nonsubscribed', 'not mailed'],
  ['archived', 'not mailed'],
  ['cleaned', 'unsubscribed'],
  ['Subscribed ', 'subscribed'],
  ['', 'not mailed'],
  ['=cmd|x', 'not mailed'],
  ['vip', 'not mailed'],
  ['unsubscribed-by-admin', 'not mailed'],
] as const;

describe('statuses the mapping does not know', () => {
  it('are imported as not mailed; the dry run counts every status and says what each became', async () => {
    const rows = STATUSES.flatMap(([status], n) => [`st${n}a@example.com,${status}`, `st${n}b@example.com,${status}`]);
    const csv = `email,status\r\n${rows.join('\r\n')}\r\n`;
    const dry = await importOk(context, 'source=subscribers&dryRun=1', csv);
    expect(dry.consent).toBeUndefined();
    const expected = new Map<string, { count: number; meaning: string }>();
    for (const [status, meaning] of STATUSES) {
      const key = status.trim().toLowerCase() || '(empty)';
      expected.set(key, { count: (expected.get(key)?.count ?? 0) + 2, meaning });
    }
    expect(new Map(dry.statuses!.map(({ status, count, meaning }) => [status, { count, meaning }]))).toEqual(expected);
    expect(dry.statuses![0]).toEqual({ status: 'subscribed', count: 4, meaning: 'subscribed' });
    expect(await stored('st')).toEqual([]);

    const summary = await importOk(context, 'source=subscribers', csv);
    expect(summary.created.subscribers).toBe(rows.length);
    const active = (await stored('st')).filter((row) => row.isActive);
    expect(active.map((row) => row.email)).toEqual([
      'st0a@example.com',
      'st0b@example.com',
      'st6a@example.com',
      'st6b@example.com',
    ]);
    for (const row of await stored('st'))
      if (!row.isActive)
        expect(row, row.email).toMatchObject({ confirmedAt: null, unsubscribedAt: expect.any(String) });
    expect(summary.warnings.map((warning) => warning.message)).not.toContain(expect.stringContaining('=cmd'));
  });
});

describe('a file with no status column', () => {
  const csv = (prefix: string, count: number) =>
    `email,name\r\n${Array.from({ length: count }, (_, n) => `${prefix}${n}@example.com,Reader ${n}`).join('\r\n')}\r\n`;

  it('makes the dry run ask where consent was given, and refuses the import until it is said', async () => {
    const file = csv('ask', 40);
    const dry = await importOk(context, 'source=subscribers&dryRun=1', file);
    expect(dry.consent).toEqual({ required: true, rows: 40, choice: null, source: null });
    expect(dry.statuses).toEqual([{ status: '(no status column)', count: 40, meaning: 'not mailed' }]);
    expect(dry.warnings.map((warning) => warning.message)).toContainEqual(expect.stringMatching(/no status column/));
    // Refused at once, from many requests: none imports anyone.
    const attempts: Record<string, string>[] = [
      {},
      { consent: 'yes' },
      { consent: 'given' },
      { consent: 'given', consentSource: 'x' },
      { consent: 'given', consentSource: '=HYPERLINK("http://evil.invalid")' },
      { consent: 'given', consentSource: 'y'.repeat(301) },
      { consentSource: 'my form' },
    ];
    const answers = await Promise.all(
      attempts.map((fields) => postImport(context, 'source=subscribers', file, { fields })),
    );
    for (const res of answers) expect([400, 409]).toContain(res.statusCode);
    expect(answers.filter((res) => res.statusCode === 400).length).toBeGreaterThan(0);
    expect(await stored('ask')).toEqual([]);
    expect(expectError(await postImport(context, 'source=subscribers', file), 400)).toMatch(/no status column/);
    expect(await stored('ask')).toEqual([]);
  });

  it("Mailchimp's exports (no status column, a confirmation date) need no statement: their rows are counted by outcome", async () => {
    const dry = await importOk(context, 'source=subscribers&dryRun=1', await fixture('mailchimp-audience.csv'));
    expect(dry.consent).toBeUndefined();
    expect(dry.statuses).toEqual([
      { status: '(no status column)', count: 2, meaning: 'subscribed' },
      { status: '(no status column)', count: 1, meaning: 'unsubscribed' },
    ]);
  });

  it('imports them as not mailed with consent=none, or subscribed with where consent was given', async () => {
    const none = await importOk(context, 'source=subscribers', csv('none', 12), undefined, { consent: 'none' });
    expect(none.consent).toEqual({ required: false, rows: 12, choice: 'none', source: null });
    expect((await stored('none')).filter((row) => row.isActive)).toEqual([]);
    expect(await stored('none')).toHaveLength(12);

    const source = 'the sign-up form on my old site (double opt-in)';
    const dry = await importOk(context, 'source=subscribers&dryRun=1', csv('given', 12), undefined, {
      consent: 'given',
      consentSource: source,
    });
    expect(dry.consent).toEqual({ required: false, rows: 12, choice: 'given', source });
    expect(dry.statuses).toEqual([{ status: '(no status column)', count: 12, meaning: 'subscribed' }]);
    const given = await importOk(context, 'source=subscribers', csv('given', 12), undefined, {
      consent: 'given',
      consentSource: source,
    });
    expect(given.created.subscribers).toBe(12);
    expect((await stored('given')).every((row) => row.isActive === 1 && row.confirmedAt !== null)).toBe(true);
  });
});

describe("Ghost's members CSV", () => {
  it('is recognised: status from subscribed_to_emails, labels as interests, deleted members left out', async () => {
    const series = await context.t.callerWithKey(context.token).series.create({ name: 'The Ashwarden Cycle' });
    const file = await fixture('ghost-members.csv');
    const dry = await importOk(context, 'source=subscribers&dryRun=1', file);
    expect(dry.service).toBe('ghost');
    expect(dry.mapping).toMatchObject({
      email: 'email',
      name: 'name',
      status: 'subscribed_to_emails',
      subscribedAt: 'created_at',
      deletedAt: 'deleted_at',
      labels: 'labels',
    });
    expect(dry.consent).toBeUndefined();
    expect(dry.skipped).toEqual([{ item: 'gull@example.com (line 4)', reason: 'deleted at ghost: not imported' }]);
    expect(dry.statuses).toEqual([
      { status: 'true', count: 2, meaning: 'subscribed' },
      { status: '(empty)', count: 1, meaning: 'not mailed' },
      { status: 'false', count: 1, meaning: 'unsubscribed' },
    ]);
    const summary: ImportSummary = await importOk(context, 'source=subscribers', file);
    expect(summary.created.subscribers).toBe(4);
    const rows = new Map(
      (
        await context.t.services.db
          .selectFrom('newsletterSubscriptions')
          .select(['email', 'isActive', 'interests', 'source', 'createdAt'])
          .where('source', '=', 'import:ghost')
          .execute()
      ).map((row) => [row.email, row]),
    );
    expect([...rows.keys()].sort()).toEqual([
      'kestrel@example.com',
      'plover@example.com',
      'skua@example.com',
      'tern@example.com',
    ]);
    expect(rows.get('kestrel@example.com')).toMatchObject({
      isActive: 1,
      interests: JSON.stringify([`series:${series.id}`]),
      createdAt: '2023-01-15T10:00:00.000Z',
    });
    expect(rows.get('plover@example.com')).toMatchObject({ isActive: 0 });
    expect(rows.get('skua@example.com')).toMatchObject({ isActive: 0, interests: null });
    expect(rows.get('tern@example.com')).toMatchObject({ isActive: 1, interests: JSON.stringify(['new-releases']) });
  });
});
