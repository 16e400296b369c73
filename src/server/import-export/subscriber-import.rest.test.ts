import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { expectError } from '../test-support/http.js';
import { fixture, importOk, postImport } from '../test-support/import-requests.js';

const context = useTestApp();

const listed = () =>
  context.t.services.db
    .selectFrom('newsletterSubscriptions')
    .select(['email', 'name', 'isActive', 'createdAt', 'confirmedAt', 'unsubscribedAt', 'source', 'confirmationNonce'])
    .execute()
    .then((rows) => rows.sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase())));

describe('POST /api/admin/import?source=subscribers', () => {
  it('dry run of a Mailchimp audience: shows the detected mapping and what would happen, writes nothing', async () => {
    const summary = await importOk(context, 'source=subscribers&dryRun=1', await fixture('mailchimp-audience.csv'));
    expect(summary.dryRun).toBe(true);
    expect(summary.service).toBe('mailchimp');
    expect(summary.mapping).toMatchObject({
      email: 'Email Address',
      name: 'First Name',
      lastName: 'Last Name',
      subscribedAt: 'OPTIN_TIME',
      confirmedAt: 'CONFIRM_TIME',
      unsubscribedAt: 'UNSUB_TIME',
    });
    expect(summary.created.subscribers).toBe(3);
    expect(summary.skipped.map((skip) => skip.reason)).toEqual([
      'duplicate in the file',
      'not a valid email address',
      'not a valid email address',
    ]);
    expect(summary.warnings).toEqual([
      { item: 'lark@example.com (line 7)', message: 'the name looked like a spreadsheet formula: kept as plain text' },
    ]);
    expect(await listed()).toEqual([]);
  });

  it('imports with consent kept: active ones confirmed with their dates, unsubscribed ones never mailed, no mail sent', async () => {
    const summary = await importOk(context, 'source=subscribers', await fixture('mailchimp-audience.csv'));
    expect(summary.created.subscribers).toBe(3);
    const rows = await listed();
    expect(rows).toEqual([
      {
        email: 'lark@example.com',
        name: "cmd|'/c calc'!A1",
        isActive: 1,
        createdAt: '2019-07-07T07:00:00.000Z',
        confirmedAt: '2019-07-07T07:10:00.000Z',
        unsubscribedAt: null,
        source: 'import:mailchimp',
        confirmationNonce: null,
      },
      {
        email: 'Owl@Example.com',
        name: 'Tomas',
        isActive: 0,
        createdAt: '2020-11-01T08:00:00.000Z',
        confirmedAt: '2020-11-01T08:01:00.000Z',
        unsubscribedAt: '2022-01-01T00:00:00.000Z',
        source: 'import:mailchimp',
        confirmationNonce: null,
      },
      {
        email: 'raven@example.com',
        name: 'Mira Vale',
        isActive: 1,
        createdAt: '2021-03-04T10:00:00.000Z',
        confirmedAt: '2021-03-04T10:05:00.000Z',
        unsubscribedAt: null,
        source: 'import:mailchimp',
        confirmationNonce: null,
      },
    ]);
    // Issues go to the two who are subscribed and confirmed; nothing was queued for anyone.
    const queued = await context.t.services.db.selectFrom('mailQueue').selectAll().execute();
    expect(queued).toEqual([]);
  });

  it('importing the same file again creates nothing: each address is already on the list', async () => {
    const summary = await importOk(context, 'source=subscribers', await fixture('mailchimp-audience.csv'));
    expect(summary.created.subscribers).toBe(0);
    expect(summary.skipped.filter((skip) => skip.reason === 'already on the list')).toHaveLength(3);
    expect(await listed()).toHaveLength(3);
  });

  it('reads MailerLite and Kit lists by their headers: unconfirmed ones left out, unsubscribed and bounced kept off', async () => {
    const mailerlite = await importOk(context, 'source=subscribers', await fixture('mailerlite.csv'));
    expect(mailerlite.service).toBe('mailerlite');
    expect(mailerlite.created.subscribers).toBe(3);
    expect(mailerlite.skipped).toEqual([
      {
        item: 'finch@example.com (line 4)',
        reason: 'never confirmed at mailerlite (pending): not imported, so no one is mailed without consent',
      },
    ]);
    const kit = await importOk(context, 'source=subscribers', await fixture('kit.csv'));
    expect(kit.service).toBe('kit');
    expect(kit.mapping).toMatchObject({ email: 'email_address', name: 'first_name', status: 'state' });
    const rows = new Map((await listed()).map((row) => [row.email, row]));
    expect(rows.get('wren@example.com')).toMatchObject({ isActive: 1, name: 'Wren Hale', source: 'import:mailerlite' });
    expect(rows.get('heron@example.com')).toMatchObject({ isActive: 0 });
    expect(rows.get('crow@example.com')).toMatchObject({ isActive: 0 });
    expect(rows.get('sable@example.com')).toMatchObject({ isActive: 1, createdAt: '2021-09-09T09:00:00.000Z' });
    expect(rows.get('ash@example.com')).toMatchObject({ isActive: 0, source: 'import:kit' });
  });

  it('an address unsubscribed at the old service is unsubscribed here too (updated)', async () => {
    const csv = 'email,status\r\nraven@example.com,unsubscribed\r\n';
    const summary = await importOk(context, 'source=subscribers', csv);
    expect(summary.updated).toBe(1);
    expect((await listed()).find((row) => row.email === 'raven@example.com')).toMatchObject({ isActive: 0 });
  });

  it('takes the mapping the author chose', async () => {
    const csv = 'Contact,Who\r\nnew.one@example.com,Nell\r\n';
    const dry = await importOk(context, 'source=subscribers&dryRun=1', csv);
    expect(dry.mapping?.email).toBeNull();
    expect(dry.headers).toEqual(['Contact', 'Who']);
    expect(dry.warnings[0]?.message).toMatch(/No email column/);
    expect(expectError(await postImport(context, 'source=subscribers', csv), 400)).toMatch(/No email column/);
    const summary = await importOk(
      context,
      'source=subscribers',
      csv,
      JSON.stringify({ email: 'Contact', name: 'Who' }),
      {
        consent: 'given',
        consentSource: 'the sign-up form on my old site',
      },
    );
    expect(summary.created.subscribers).toBe(1);
    expect((await listed()).find((row) => row.email === 'new.one@example.com')).toMatchObject({
      name: 'Nell',
      source: 'import:csv',
    });
  });
});
