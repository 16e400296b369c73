import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppressAddress } from '../deliverability/suppression-list.js';
import { lookUpCopy } from '../sales/copies/find-fingerprint.js';
import { addSubscriber, applicationForm } from '../test-support/arc.js';
import { bearer, expectError, freshAddress } from '../test-support/http.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';
import { multipartBody } from '../test-support/multipart.js';
import { seedSaleEdition } from '../test-support/sales.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { Readable } from 'node:stream';

const PUBLIC_URL = 'https://site.example';
const REVIEW_BY = '2099-01-15T00:00:00.000Z';

let inbox: SmtpInbox;
let t: TestApp;
let token: string;
let stopWorker: () => Promise<void>;
let book: { id: string; slug: string; title: string };
let fileId: string;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key: string | null = token) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: key ? bearer(key) : {} });
const form = (url: string, payload: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url, payload, headers: FORM, remoteAddress });
const reviewForm = (pageToken: string, links: Record<string, string>) =>
  new URLSearchParams({ token: pageToken, ...links }).toString();

async function waitForMail(address: string, count: number): Promise<ReceivedEmail[]> {
  const deadline = Date.now() + 15_000;
  while (inbox.to(address).length < count) {
    if (Date.now() > deadline) throw new Error(`no email ${count} for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inbox.to(address);
}
const linkIn = (email: ReceivedEmail, path: string) => {
  const link = new RegExp(`https://site\\.example${path}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${email.text}`);
  return new URL(link);
};

async function createCampaign(body: object = {}) {
  const res = await api('POST', '/api/admin/arc/campaigns', {
    bookId: book.id,
    editionFileId: fileId,
    places: 2,
    reviewBy: REVIEW_BY,
    promise: 'I will post an honest review by release day, or step back.',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; state: string; applications: number }>();
}

async function applications(campaignId: string) {
  const res = await api('GET', `/api/admin/arc/campaigns/${campaignId}/applications`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; email: string; state: string; score: number; heldBack: string | null }[]>();
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'Delphine Rook <news@example.com>', PUBLIC_URL });
  token = await openAdminSession(t.services);
  const seeded = await seedSaleEdition(t.services, {
    provider: 'stripe',
    productId: 'plink_arc',
    amount: 499,
    title: 'The Emberfall',
  });
  book = seeded.book;
  fileId = seeded.fileId;
  stopWorker = startTestMailWorker(t);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
  await inbox.close();
});

describe('ARC campaigns over REST (/api/admin/arc/campaigns)', () => {
  it('creates (201) and lists a campaign with its counts; refuses bad input with a clear 4xx and no row', async () => {
    const campaign = await createCampaign();
    expect(campaign).toMatchObject({ state: 'open', applications: 0 });
    const list = (await api('GET', '/api/admin/arc/campaigns')).json<{ id: string; bookTitle: string }[]>();
    expect(list.find((entry) => entry.id === campaign.id)).toMatchObject({ bookTitle: 'The Emberfall' });

    const before = list.length;
    const bad: [object, number, RegExp][] = [
      [{ places: 0 }, 400, /Places must be at least 1/],
      [{ places: 'many' }, 400, /Places must be a number/],
      [{ reviewBy: 'soon' }, 400, /Review by must be a date/],
      [{ promise: '' }, 400, /Promise is required/],
      [{ promise: 'x'.repeat(2001) }, 400, /at most 2000/],
      [{ bookId: 'no-such-book' }, 404, /Book not found/],
      [{ editionFileId: 'not-this-books-file' }, 400, /one of this book's files/],
      [{ state: 'half-open' }, 400, /State must be one of/],
    ];
    const answers = await Promise.all(
      bad.map(([body]) =>
        api('POST', '/api/admin/arc/campaigns', {
          bookId: book.id,
          places: 2,
          reviewBy: REVIEW_BY,
          promise: 'Honest review',
          ...body,
        }),
      ),
    );
    answers.forEach((res, index) => expectError(res, bad[index]![1], bad[index]![2]));
    expect((await api('GET', '/api/admin/arc/campaigns')).json<unknown[]>()).toHaveLength(before);
    await api('PUT', `/api/admin/arc/campaigns/${campaign.id}`, { state: 'closed' });
  });

  it('keeps what an update leaves out: changing the places neither reopens a closed campaign nor drops its hold-back', async () => {
    const campaign = await createCampaign();
    await api('PUT', `/api/admin/arc/campaigns/${campaign.id}`, { state: 'closed', holdBackNonReviewers: true });
    const updated = await api('PUT', `/api/admin/arc/campaigns/${campaign.id}`, { places: 7 });
    expect(updated.statusCode).toBe(200);
    const stored = (await api('GET', '/api/admin/arc/campaigns'))
      .json<{ id: string; state: string; holdBackNonReviewers: boolean; places: number }[]>()
      .find((entry) => entry.id === campaign.id);
    expect(stored).toMatchObject({ state: 'closed', holdBackNonReviewers: true, places: 7 });
  });

  it('refuses every admin route without the key (401) and unknown campaigns (404)', async () => {
    const routes: ['GET' | 'POST' | 'PUT', string][] = [
      ['GET', '/api/admin/arc/campaigns'],
      ['POST', '/api/admin/arc/campaigns'],
      ['PUT', '/api/admin/arc/campaigns/x'],
      ['GET', '/api/admin/arc/campaigns/x/applications'],
      ['POST', '/api/admin/arc/campaigns/x/select'],
      ['POST', '/api/admin/arc/campaigns/x/select-best'],
      ['POST', '/api/admin/arc/campaigns/x/readers'],
      ['GET', '/api/admin/arc/campaigns/x/launch'],
      ['POST', '/api/admin/arc/campaigns/x/thank-reviewers'],
    ];
    for (const res of await Promise.all(routes.map(([method, url]) => api(method, url, {}, null))))
      expectError(res, 401);
    expectError(await api('GET', '/api/admin/arc/campaigns/nope/applications'), 404, 'Campaign not found');
    expectError(
      await api('POST', '/api/admin/arc/campaigns/nope/select-best', { count: 1 }),
      404,
      'Campaign not found',
    );
    expectError(await api('POST', '/api/admin/arc/campaigns/nope/select-best', { count: 0 }), 400, /at least 1/);
  });
});

describe('the ARC path: apply → select → download → fingerprint → review links', () => {
  let campaignId: string;
  let ada: URL;
  let bob: URL;

  it('shows the open campaign on /arc and /arc/<slug> with its apply form, without script', async () => {
    campaignId = (await createCampaign()).id;
    const page = await t.app.inject({ method: 'GET', url: '/arc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/arc/apply"');
    expect(page.body).toContain(`value="${campaignId}"`);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('name="viewport" content="width=device-width');
    const one = await t.app.inject({ method: 'GET', url: `/arc/${book.slug}` });
    expect(one.body).toContain('Advance copies of The Emberfall');
    expect((await t.app.inject({ method: 'GET', url: '/arc/no-such-book' })).statusCode).toBe(404);
  });

  it('takes applications from confirmed subscribers only, answering all alike with what happens next', async () => {
    await addSubscriber(t.services.db, 'ada@readers.example', { interests: ['everything'] });
    await addSubscriber(t.services.db, 'bob@readers.example');
    await addSubscriber(t.services.db, 'pending@readers.example', { confirmed: false });
    const answers = await Promise.all(
      ['ada@readers.example', 'BOB@readers.example', 'pending@readers.example', 'stranger@readers.example'].map(
        (email) =>
          form(
            '/arc/apply',
            applicationForm({ campaignId, email, name: email.startsWith('ada') ? 'Ada Lovelace' : 'Bob' }),
          ),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('What happens next');
    }
    const listed = await applications(campaignId);
    expect(listed.map((entry) => entry.email).sort()).toEqual(['ada@readers.example', 'bob@readers.example']);
    // Interested in everything: ranked first.
    expect(listed[0]!.email).toBe('ada@readers.example');
  });

  it('refuses a bad application with a clear 400 and records nothing (no promise, hostile links, no profile)', async () => {
    await addSubscriber(t.services.db, 'carol@readers.example');
    const cases: [Parameters<typeof applicationForm>[0], RegExp][] = [
      [{ campaignId, email: 'carol@readers.example', promise: false }, /Tick the promise/],
      [{ campaignId, email: 'carol@readers.example', goodreads: 'javascript:alert(1)' }, /full https:\/\/ address/],
      [
        { campaignId, email: 'carol@readers.example', goodreads: 'https://evil.example/goodreads.com' },
        /must be on www.goodreads.com/,
      ],
      [
        { campaignId, email: 'carol@readers.example', goodreads: `https://www.goodreads.com/${'a'.repeat(10_000)}` },
        /at most 2,000/,
      ],
      [{ campaignId, email: 'carol@readers.example', goodreads: '' }, /at least one place you review/],
      [{ campaignId, email: 'not-an-email' }, /valid email/],
      [{ campaignId, email: 'carol@readers.example', genres: ['Cookbooks'] }, /Genres must be among/],
    ];
    const answers = await Promise.all(cases.map(([fields]) => form('/arc/apply', applicationForm(fields))));
    answers.forEach((res, index) => {
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(cases[index]![1]);
    });
    expect((await form('/arc/apply', 'x='.padEnd(40_000, 'y'))).statusCode).toBe(413);
    expect((await applications(campaignId)).map((entry) => entry.email)).not.toContain('carol@readers.example');
  });

  it('selects by hand and best N, and adds a reader to the running campaign; each chosen reader gets one email', async () => {
    const listed = await applications(campaignId);
    const adaId = listed.find((entry) => entry.email === 'ada@readers.example')!.id;
    const res = await api('POST', `/api/admin/arc/campaigns/${campaignId}/select`, { applicationIds: [adaId] });
    expect(res.json()).toEqual({ selected: 1 });
    // Selecting again changes nothing and mails nobody twice.
    expect(
      (await api('POST', `/api/admin/arc/campaigns/${campaignId}/select`, { applicationIds: [adaId] })).json(),
    ).toEqual({
      selected: 0,
    });
    expect((await api('POST', `/api/admin/arc/campaigns/${campaignId}/select-best`, { count: 5 })).json()).toEqual({
      selected: 1,
    });
    expectError(
      await api('POST', `/api/admin/arc/campaigns/${campaignId}/readers`, { email: 'pending@readers.example' }),
      400,
      /Only a confirmed subscriber/,
    );
    await addSubscriber(t.services.db, 'late@readers.example');
    const added = await api('POST', `/api/admin/arc/campaigns/${campaignId}/readers`, {
      email: 'late@readers.example',
      name: 'Late Reader',
    });
    expect(added.statusCode, added.body).toBe(201);

    const [mail] = await waitForMail('ada@readers.example', 1);
    expect(mail!.headers.get('subject')).toBe("You're on the ARC team for The Emberfall: your advance copy");
    expect(mail!.text).toMatch(/honest\s+review/);
    expect(mail!.text).toMatch(/I\s+received\s+a\s+free\s+advance\s+copy/);
    expect(mail!.text).toMatch(/does not ask\s+for\s+a\s+positive\s+review/);
    ada = linkIn(mail!, '/arc-copy');
    bob = linkIn((await waitForMail('bob@readers.example', 1))[0]!, '/arc-copy');
    await waitForMail('late@readers.example', 1);
    expect(linkIn(mail!, '/arc-copy/download').searchParams.get('token')).toBe(ada.searchParams.get('token'));
  });

  it('downloads a copy fingerprinted for the reader: find-copy names her', async () => {
    const download = await t.app.inject({ method: 'GET', url: `/arc-copy/download${ada.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/epub+zip');
    const found = await lookUpCopy(Readable.from([download.rawPayload]));
    expect(found.status).toBe('found');
    const { payload, headers } = multipartBody([
      { field: 'file', filename: 'leak.epub', content: download.rawPayload },
    ]);
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/find-copy',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(lookup.json()).toMatchObject({
      status: 'found',
      order: null,
      arcReader: { name: 'Ada Lovelace', email: 'ada@readers.example', campaignId },
    });
    // A second download sends the same kept copy.
    const again = await t.app.inject({ method: 'GET', url: `/arc-copy/download${ada.search}` });
    expect(again.rawPayload.equals(download.rawPayload)).toBe(true);
  });

  it('takes review links of the right shape; refuses hostile ones, tampered tokens and another reader’s link', async () => {
    const adaToken = ada.searchParams.get('token')!;
    const bobToken = bob.searchParams.get('token')!;
    const hostile: [Record<string, string>, RegExp][] = [
      [{ amazon: 'javascript:alert(document.cookie)' }, /Amazon link must be a full https/],
      [{ amazon: 'https://amazon.evil.example/review' }, /Amazon link must be on/],
      [{ goodreads: 'http://www.goodreads.com/review/1' }, /Goodreads link must be a full https/],
      [{ storygraph: 'https://thestorygraph.com/x' }, /must be on app.thestorygraph.com/],
      [{ bookbub: `https://www.bookbub.com/${'r'.repeat(10_000)}` }, /at most 2,000 characters/],
      [{ blog: 'https://user:pw@blog.example/review' }, /user name or password/],
      [{ blog: 'data:text/html,<script>alert(1)</script>' }, /Blog link must be a full https/],
      [{}, /paste at least one review link/],
    ];
    const answers = await Promise.all(hostile.map(([links]) => form('/arc-copy/reviews', reviewForm(adaToken, links))));
    answers.forEach((res, index) => {
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(hostile[index]![1]);
      expect(res.body).not.toContain('<script>alert');
    });
    expect(
      (await form('/arc-copy/reviews', reviewForm(`${adaToken}x`, { amazon: 'https://www.amazon.com/r/1' })))
        .statusCode,
    ).toBe(400);
    expect(
      (await form('/arc-copy/reviews', reviewForm('garbage', { amazon: 'https://www.amazon.com/r/1' }))).statusCode,
    ).toBe(400);

    const saved = await form(
      '/arc-copy/reviews',
      reviewForm(adaToken, {
        amazon: 'https://www.amazon.co.uk/review/R1ADA',
        goodreads: 'https://www.goodreads.com/review/show/1',
        blog: 'https://ada.blog.example/emberfall',
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Saved: thank you');
    // Bob pastes Ada's review: refused, and Ada's stays hers.
    const stolen = await form(
      '/arc-copy/reviews',
      reviewForm(bobToken, { amazon: 'https://www.amazon.co.uk/review/R1ADA' }),
    );
    expect(stolen.statusCode).toBe(409);
    expect(stolen.body).toContain('another reader already submitted this review link');

    const launch = (await api('GET', `/api/admin/arc/campaigns/${campaignId}/launch`)).json<{
      sent: number;
      downloaded: number;
      reviewsPerRetailer: Record<string, number>;
      overdue: number;
    }>();
    expect(launch).toMatchObject({ sent: 3, downloaded: 1, overdue: 0 });
    expect(launch.reviewsPerRetailer).toEqual({ amazon: 1, goodreads: 1, bookbub: 0, storygraph: 0, blog: 1 });
  });

  it('lets a reader step back: no download after it; a thank-you goes to reviewers only, once', async () => {
    const stepped = await form(
      '/arc-copy/step-back',
      new URLSearchParams({ token: bob.searchParams.get('token')! }).toString(),
    );
    expect(stepped.statusCode).toBe(200);
    expect(stepped.body).toContain('You stepped back');
    expect((await t.app.inject({ method: 'GET', url: `/arc-copy/download${bob.search}` })).statusCode).toBe(410);
    await suppressAddress(t.services.db, { email: 'late@readers.example', reason: 'manual' });
    expect((await api('POST', `/api/admin/arc/campaigns/${campaignId}/thank-reviewers`)).json()).toEqual({ queued: 1 });
    expect((await api('POST', `/api/admin/arc/campaigns/${campaignId}/thank-reviewers`)).json()).toEqual({ queued: 0 });
    const mails = await waitForMail('ada@readers.example', 2);
    expect(mails[1]!.headers.get('subject')).toBe('Thank you for reviewing The Emberfall');
  });

  it('refuses applications to a closed campaign (409)', async () => {
    await api('PUT', `/api/admin/arc/campaigns/${campaignId}`, { state: 'closed' });
    const res = await form('/arc/apply', applicationForm({ campaignId, email: 'ada@readers.example' }));
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/arc/${book.slug}` })).statusCode).toBe(404);
  });
});
