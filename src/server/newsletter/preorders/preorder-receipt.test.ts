import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession } from '../../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, validPreorderBook, type TestApp } from '../../test-support/test-app.js';
import type { Caller } from '../../test-support/trpc.js';

const PUBLIC_URL = 'https://site.example';
const COVER_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#a8321c"/></svg>',
);

let inbox: SmtpInbox;
let t: TestApp;
let admin: Caller;
let visitor: Caller;
let bookId: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL });
  admin = t.callerWithKey(await openAdminSession(t.services));
  visitor = t.publicCaller();
  await t.services.uploads.write('receipt-cover.svg', COVER_SVG, 'new');
  const book = await admin.books.create({
    ...validPreorderBook,
    title: 'A Lantern for the Drowned',
    coverImage: '/objects/receipt-cover.svg',
    editions: [
      { format: 'hardcover', price: '$27.99' },
      { format: 'audiobook', price: '$24.99' },
    ],
  } as never);
  bookId = book.id;
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function receiptFor(email: string): Promise<ReceivedEmail> {
  await t.services.mailing.preorderMail.settled();
  const [receipt] = inbox.to(email);
  if (!receipt) throw new Error(`no receipt for ${email}`);
  return receipt;
}

const cancelLinkOf = (receipt: ReceivedEmail): string => {
  const match = /https:\/\/site\.example\/preorder\/cancel\?token=[A-Za-z0-9_.-]+/.exec(receipt.text);
  if (!match) throw new Error('no cancel link');
  return match[0].slice(PUBLIC_URL.length);
};

const preordersOf = async (email: string) =>
  (await admin.admin.preorders()).items.filter((preorder) => preorder.customerEmail === email);

describe('the preorder receipt', () => {
  it('tells the reader what they asked for (edition and price), that nothing is charged, and how to cancel', async () => {
    await visitor.preorders.create({
      bookId,
      customerName: 'Mara Quill',
      customerEmail: 'mara@example.org',
      preferredFormat: 'audiobook',
    });
    const receipt = await receiptFor('mara@example.org');
    expect(receipt.headers.get('subject')).toBe('Your preorder of A Lantern for the Drowned');
    expect(receipt.text).toContain('You asked for A Lantern for the Drowned: Audiobook — $24.99.');
    expect(receipt.text).toContain("we'll email you when it's out; nothing is charged.");
    expect(receipt.text).toContain(`${PUBLIC_URL}/preorder/cancel?token=`);
    // The cover as a JPEG the server makes (mail clients block SVG), never the SVG itself.
    expect(receipt.html).toContain(`src="${PUBLIC_URL}/mail-images/covers/${bookId}.jpg"`);
    expect(receipt.html).not.toContain('.svg');
  });

  it('serves that cover as a JPEG, and 404 for a book or file it does not know', async () => {
    const cover = await t.app.inject({ method: 'GET', url: `/mail-images/covers/${bookId}.jpg` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    // Webmail loads it from its own origin: a same-origin resource policy would block it there.
    expect(cover.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect([...cover.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    for (const url of [
      '/mail-images/covers/missing.jpg',
      `/mail-images/covers/${bookId}.svg`,
      '/mail-images/covers/..%2F.jpg',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('cancels only on the page’s button (a link scanner’s GET changes nothing), once, and refuses a forged link', async () => {
    await visitor.preorders.create({
      bookId,
      customerName: 'Ivo Renn',
      customerEmail: 'ivo@example.org',
      preferredFormat: 'hardcover',
    });
    const link = cancelLinkOf(await receiptFor('ivo@example.org'));

    const asked = await t.app.inject({ method: 'GET', url: link });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Cancel your preorder?');
    expect(asked.body).toContain('A Lantern for the Drowned, hardcover, reserved for Ivo Renn.');
    expect(asked.body).toContain('<button type="submit">Cancel my preorder</button>');
    expect(await preordersOf('ivo@example.org')).toHaveLength(1);
    expect((await t.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(404);

    const forged = await t.app.inject({ method: 'POST', url: `${link}x`, payload: '' });
    expect(forged.statusCode).toBe(400);
    expect(await preordersOf('ivo@example.org')).toHaveLength(1);

    // Twice at once (a double press): one cancellation, both answered "cancelled".
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: link,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('Your preorder is cancelled');
    }
    expect(await preordersOf('ivo@example.org')).toHaveLength(0);
    // Mara's preorder of the same book is untouched.
    expect(await preordersOf('mara@example.org')).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url: link });
    expect(again.body).toContain('Your preorder is cancelled');
  });

  it.each(['', 'e30.abc', 'x'.repeat(400), '%00'])(
    'answers a junk token %j with 400, changing nothing',
    async (token) => {
      const before = (await admin.admin.preorders()).items;
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.app.inject({ method, url: `/preorder/cancel?token=${token}`, payload: '' });
        expect(answer.statusCode).toBe(400);
        expect(answer.body).toContain('This cancel link is not valid');
      }
      expect((await admin.admin.preorders()).items).toEqual(before);
    },
  );
});
