import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_FORMATS, GIFT_LINK_MAX_DOWNLOADS, type GiftFormat } from '../../../domain/newsletter-gift.js';
import { loadOrCreateSecret } from '../../auth/site-secrets-repository.js';
import { sampleGiftFile } from '../../test-support/gift-files.js';
import { multipartBody } from '../../test-support/multipart.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { NewsletterTokens } from '../newsletter-tokens.js';
import { GIFT_CHUNK_BYTES } from './gift-file-store.js';
import { startTestMailWorker } from '../../test-support/mail-worker.js';

const PUBLIC_URL = 'https://site.example';

let inbox: SmtpInbox;
let t: TestApp;
let adminToken: string;
let admin: ReturnType<TestApp['callerWithKey']>;
let stopWorker: () => Promise<void>;
let giftId: string;
const uploaded = new Map<GiftFormat, Buffer>();

const upload = (id: string, filename: string, content: Buffer, token = adminToken) => {
  const { payload, headers } = multipartBody([{ field: 'file', filename, content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/gifts/${id}/files`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return link;
}
const local = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function waitForMail(address: string, count: number): Promise<ReceivedEmail[]> {
  const deadline = Date.now() + 15_000;
  while (inbox.to(address).length < count) {
    if (Date.now() > deadline) throw new Error(`no email ${count} for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inbox.to(address);
}

/** Subscribes and confirms; returns the gift link of the welcome email. */
async function giftLinkFor(email: string): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
  await t.services.newsletterMail.settled();
  const confirm = linkIn(inbox.to(email)[0]!, '/newsletter/confirm');
  // The page's button posts back to the link: that POST confirms (a scanner's GET does not).
  const page = await t.app.inject({ method: 'POST', url: local(confirm) });
  expect(page.body).toContain('Your gift, The Marshal’s Ledger, is on its way');
  const [, welcome] = await waitForMail(email, 2);
  expect(welcome!.html).toContain('The Marshal’s Ledger</strong>');
  return linkIn(welcome!, '/newsletter/gift');
}

const downloadLinks = (page: string) =>
  [...page.matchAll(/href="(\/newsletter\/gift\/download\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'Delphine Rook <news@example.com>', PUBLIC_URL });
  adminToken = await openAdminSession(t.services);
  admin = t.callerWithKey(adminToken);
  stopWorker = startTestMailWorker(t);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
  await inbox.close();
});

describe('the subscribers’ gift', () => {
  it('is not shown anywhere until a gift with files is active', async () => {
    expect((await t.publicCaller().newsletter.signupOptions()).gift).toBeNull();
    const gift = await admin.gift.save({
      title: 'The Marshal’s Ledger',
      description: 'A chapter cut from The Ashwarden.',
      coverImage: '',
    });
    giftId = gift.id;
    await admin.gift.activate({ id: gift.id });
    // Active but without files: nothing to give yet.
    expect((await t.publicCaller().newsletter.signupOptions()).gift).toBeNull();
  });

  it('takes each format checked by its content (streamed, several MB) and refuses a file that is not what it claims', async () => {
    for (const format of GIFT_FORMATS) {
      // The PDF spans several database pieces, so ranges cross piece boundaries.
      const content = sampleGiftFile(format, format === 'pdf' ? 2 * GIFT_CHUNK_BYTES + 12_345 : 50_000);
      const res = await upload(giftId, `ledger.${format}`, content);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ format, bytes: content.length });
      uploaded.set(format, content);
    }
    const refused: [string, Buffer, number][] = [
      ['ledger.epub', Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(200), 'latin1'), 415],
      ['ledger.pdf', Buffer.from('just some text that is not a PDF at all, long enough to be read properly'), 415],
      ['ledger.mp3', sampleGiftFile('pdf'), 415],
      ['ledger.m4b', sampleGiftFile('epub'), 415],
      ['ledger.azw3', sampleGiftFile('mp3'), 415],
      ['ledger.exe', sampleGiftFile('pdf'), 415],
      ['ledger', sampleGiftFile('pdf'), 415],
      ['ledger.pdf', Buffer.alloc(0), 400],
    ];
    const answers = await Promise.all(refused.map(([name, content]) => upload(giftId, name, content)));
    answers.forEach((res, index) =>
      expect(res.statusCode, `${refused[index]![0]}: ${res.body}`).toBe(refused[index]![2]),
    );
    expect((await upload(giftId, 'ledger.pdf', sampleGiftFile('pdf'), '')).statusCode).toBe(401);
    expect((await upload('no-such-gift', 'ledger.pdf', sampleGiftFile('pdf'))).statusCode).toBe(404);
    const [stored] = await admin.gift.list();
    expect(stored!.files.map((file) => file.format).sort()).toEqual([...GIFT_FORMATS].sort());
    expect((await t.publicCaller().newsletter.signupOptions()).gift).toMatchObject({ title: 'The Marshal’s Ledger' });
  });

  it('refuses a file over 100 MB (413) and keeps nothing of it', async () => {
    const before = (await admin.gift.list())[0]!.files.length;
    const res = await upload(giftId, 'huge.pdf', sampleGiftFile('pdf', 100 * 1024 * 1024));
    expect(res.statusCode, res.body).toBe(413);
    expect((await admin.gift.list())[0]!.files).toHaveLength(before);
    if (t.services.uploads.kind === 'database') {
      const pieces = await t.services.db
        .selectFrom('giftFileChunks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const expected = [...uploaded.values()].reduce((sum, file) => sum + Math.ceil(file.length / GIFT_CHUNK_BYTES), 0);
      expect(Number(pieces.count)).toBe(expected);
    }
  });

  it('mails a personal link on confirmation; each format downloads byte for byte, with its type and name; ranges work', async () => {
    const link = await giftLinkFor('gift-reader@example.org');
    const page = await get(local(link));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pick your format');
    for (const device of ['Kindle', 'Kobo', 'Apple Books']) expect(page.body).toContain(`<dt>${device}</dt>`);
    const links = downloadLinks(page.body);
    expect(links).toHaveLength(GIFT_FORMATS.length);
    const types: Record<string, string> = {};
    for (const url of links) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1]!;
      const format = name.split('.').pop() as GiftFormat;
      expect(name).toBe(`the-marshals-ledger.${format}`);
      expect(res.rawPayload.equals(uploaded.get(format)!)).toBe(true);
      expect(res.headers['accept-ranges']).toBe('bytes');
      types[format] = String(res.headers['content-type']);
    }
    expect(types).toEqual({
      epub: 'application/epub+zip',
      pdf: 'application/pdf',
      mobi: 'application/x-mobipocket-ebook',
      azw3: 'application/vnd.amazon.ebook',
      mp3: 'audio/mpeg',
      m4b: 'audio/mp4',
    });
    // A range across two stored pieces, a suffix range, and one past the end.
    const pdf = uploaded.get('pdf')!;
    const pdfId = (await admin.gift.list())[0]!.files.find((file) => file.format === 'pdf')!.id;
    const pdfUrl = links.find((url) => url.includes(`/${pdfId}?`))!;
    const start = GIFT_CHUNK_BYTES - 10;
    const partial = await get(pdfUrl, { range: `bytes=${start}-${start + 99}` });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes ${start}-${start + 99}/${pdf.length}`);
    expect(partial.rawPayload.equals(pdf.subarray(start, start + 100))).toBe(true);
    const tail = await get(pdfUrl, { range: 'bytes=-500' });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 500))).toBe(true);
    expect((await get(pdfUrl, { range: `bytes=${pdf.length}-` })).statusCode).toBe(416);
    // Sent as stored, never compressed (a range of compressed bytes would be another file).
    const whole = await get(pdfUrl, { 'accept-encoding': 'br, gzip' });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(pdf.length));
    expect(whole.rawPayload.equals(pdf)).toBe(true);
  });

  it(`counts ranges by their bytes: ${GIFT_LINK_MAX_DOWNLOADS * 4} quarter ranges past the first byte, in parallel, use the link up`, async () => {
    const link = await giftLinkFor('ranges@example.org');
    const [url] = downloadLinks((await get(local(link))).body);
    const fileId = /\/download\/([^?]+)/.exec(url!)![1]!;
    const size = (await admin.gift.list())[0]!.files.find((file) => file.id === fileId)!.bytes;
    const quarter = Math.floor(size / 4);
    // The attack: never from byte 0 (which was all that was counted), each a quarter of the file.
    const ranges = Array.from({ length: GIFT_LINK_MAX_DOWNLOADS * 4 }, (_, n) => {
      const start = 1 + (n % 3) * quarter;
      return `bytes=${start}-${start + quarter - 1}`;
    });
    const answers = await Promise.all(ranges.map((range) => get(url!, { range })));
    for (const res of answers) expect(res.statusCode).toBe(206);
    const more = await get(url!, { range: `bytes=1-${quarter}` });
    expect(more.statusCode).toBe(410);
    expect(more.body).toContain('This download link has been used up');
    expect((await get(local(link))).statusCode).toBe(410);
  });

  it(`allows ${GIFT_LINK_MAX_DOWNLOADS} downloads per link, in parallel, then offers a new link, which it mails`, async () => {
    const email = 'forwarded@example.org';
    const link = await giftLinkFor(email);
    const [url] = downloadLinks((await get(local(link))).body);
    // Parallel downloads cannot get past the limit.
    const burst = await Promise.all(Array.from({ length: GIFT_LINK_MAX_DOWNLOADS + 5 }, () => get(url!)));
    expect(burst.filter((res) => res.statusCode === 200)).toHaveLength(GIFT_LINK_MAX_DOWNLOADS);
    expect(burst.filter((res) => res.statusCode === 410)).toHaveLength(5);
    const used = await get(local(link));
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('This download link has been used up');
    expect(used.body).toContain('Ask for a new link');
    const action = /<form method="post" action="([^"]+)"/.exec(used.body)![1]!.replace(/&amp;/g, '&');
    const asks = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: action })));
    for (const res of asks) expect(res.statusCode).toBe(200);
    const mails = await waitForMail(email, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.to(email)).toHaveLength(3);
    const fresh = linkIn(mails[2]!, '/newsletter/gift');
    expect(fresh).not.toBe(link);
    expect((await get(downloadLinks((await get(local(fresh))).body)[0]!)).statusCode).toBe(200);
  });

  it('refuses tampered, foreign and expired links; an expired one offers a new link', async () => {
    const link = await giftLinkFor('expiring@example.org');
    const token = new URL(link).searchParams.get('token')!;
    const tokens = new NewsletterTokens(await loadOrCreateSecret(t.services.db, 'newsletter-links'));
    const [linkId, subscriptionId] = Buffer.from(token.split('.')[0]!, 'base64url').toString().split('~');
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const fileId = (await admin.gift.list())[0]!.files[0]!.id;
    const bad = [
      flip(token, 3),
      flip(token, token.length - 2),
      tokens.unsubscribeToken(subscriptionId!),
      tokens.preferencesToken(subscriptionId!),
      new NewsletterTokens(Buffer.alloc(32, 9)).giftToken({
        linkId: linkId!,
        subscriptionId: subscriptionId!,
        expiresAt: Date.now() + 1e6,
      }),
      tokens.giftToken({ linkId: 'made-up', subscriptionId: subscriptionId!, expiresAt: Date.now() + 1e6 }),
      '',
      'x'.repeat(4000),
    ];
    const answers = await Promise.all(
      bad.flatMap((value) => [
        get(`/newsletter/gift?token=${encodeURIComponent(value)}`),
        get(`/newsletter/gift/download/${fileId}?token=${encodeURIComponent(value)}`),
      ]),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This download link is not valid');
    }
    const expired = tokens.giftToken({ linkId: linkId!, subscriptionId: subscriptionId!, expiresAt: Date.now() - 1 });
    const page = await get(`/newsletter/gift?token=${expired}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This download link has expired');
    expect(page.body).toContain('Ask for a new link');
    expect((await get(`/newsletter/gift/download/${fileId}?token=${expired}`)).statusCode).toBe(410);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/newsletter/gift/download/${fileId}?token=${token}` })).statusCode,
    ).toBe(404);
  });
});
