import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../domain/books.schema.js';
import { giftReadingTips } from '../../domain/newsletter-gift.js';
import { renderConfirmationEmail } from '../../server/newsletter/confirmation-email.js';
import { renderGiftLinkEmail } from '../../server/newsletter/gift/gift-link-email.js';
import { personalise, renderIssueTemplate } from '../../server/newsletter/issues/issue-email.js';
import type { RenderedEmail } from '../../server/newsletter/mail/email-layout.js';
import {
  renderContactNotice,
  renderPreorderReceivedNotice,
} from '../../server/newsletter/mail/author-notice-emails.js';
import { emailCoverUrl } from '../../server/newsletter/preorders/cover-for-email.js';
import { renderPreorderNotice } from '../../server/newsletter/preorders/preorder-notice-email.js';
import { renderPreorderReceipt } from '../../server/newsletter/preorders/preorder-receipt-email.js';
import { renderLibrarySignInEmail, renderPurchaseEmail } from '../../server/sales/purchase-email.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { uniqueEmail } from './helpers.js';

/**
 * Every email the site sends, read as a webmail reader reads it: the HTML part on another origin (so the images'
 * Cross-Origin-Resource-Policy counts), at 375 and 600 px, images blocked and allowed. None may scroll sideways,
 * carry an SVG, show an image without a text alternative, or link relatively or to a page that is not there.
 */

/**
 * Webmail's stand-in: a loopback server of its own (another origin than the site's) that serves the email being
 * read. A page Playwright made up would have no address, and Chromium's local network access rules would then keep
 * it from loading any image of the site on 127.0.0.1, whatever the site answers.
 */
let webmail: { origin: string; html: string; close: () => Promise<void> };
const WIDTHS = [375, 600] as const;

const env: Record<string, string> = {
  MAIL_FROM: 'Delphine Rook <news@example.com>',
  AUTHOR_EMAIL: 'author@example.net',
  MAIL_RATE: 'unlimited',
};
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  env.SMTP_URL = inbox.url;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(webmail.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  webmail = {
    origin: `http://127.0.0.1:${port}`,
    html: '',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(async () => {
  await inbox?.close();
  await webmail?.close();
});

async function mailTo(address: string, count: number): Promise<ReceivedEmail[]> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (inbox.to(address).length >= count) return inbox.to(address);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} emails to ${address}`);
}

const linkIn = (text: string, pathname: string) => {
  const link = new RegExp(`https?://\\S+${pathname}\\?token=[\\w.~-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${text}`);
  return link;
};

type Email = { name: string; html: string; real: boolean };

type Rendering = {
  overflow: number;
  svg: number;
  imagesWithoutAlt: string[];
  brokenImages: string[];
  links: string[];
};

/** Opens an email's HTML part as webmail shows it (its own origin) and reads what the checks need. */
async function readEmailIn(context: BrowserContext, email: Email, width: number, images: boolean): Promise<Rendering> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  webmail.html = email.html;
  if (!images)
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'image' ? route.abort('blockedbyclient') : route.fallback(),
    );
  await page.goto(`${webmail.origin}/message`, { waitUntil: 'load' });
  const rendering = await page.evaluate(() => {
    const root = document.documentElement;
    const imgs = Array.from(document.images);
    return {
      overflow: root.scrollWidth - root.clientWidth,
      svg:
        document.querySelectorAll('svg').length +
        imgs.filter((img) => /\.svgz?(?:[?#]|$)/i.test(img.getAttribute('src') ?? '')).length,
      imagesWithoutAlt: imgs.filter((img) => !img.hasAttribute('alt')).map((img) => img.src),
      brokenImages: imgs.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
      links: Array.from(document.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? ''),
    };
  });
  if (images) await saveScreenshot(page, `email-${email.name}-${width}`, { fullPage: true });
  await page.close();
  return rendering;
}

describe('every email the site sends, in Chromium as webmail shows it', () => {
  const site = useBrowserSite({ env });
  const emails: Email[] = [];

  it('gathers each email: the real ones from SMTP, the rest rendered as the server renders them', async () => {
    const origin = site.baseUrl;
    const books = (await (await fetch(`${origin}/api/books`)).json()) as Book[];
    const book = books.find((candidate) => candidate.coverImage.startsWith('/objects/')) ?? books[0]!;
    const siteUrl = `${origin}/`;
    const [post] = (await (await fetch(`${origin}/api/blog`)).json()) as {
      slug: string;
      title: string;
      summary: string;
      coverImage: string;
    }[];
    const postCards = new Map([
      [
        post!.slug,
        { title: post!.title, summary: post!.summary, path: `/blog/${post!.slug}`, coverImage: post!.coverImage },
      ],
    ]);

    // Real: the confirmation, the welcome email (with the demo's gift), the author's notices.
    const reader = uniqueEmail('every-email');
    const signup = await fetch(`${origin}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reader }),
    });
    expect(signup.status).toBe(201);
    const [confirmation] = await mailTo(reader, 1);
    emails.push({ name: 'confirmation', html: confirmation!.html, real: true });
    const confirmed = await fetch(linkIn(confirmation!.text, '/newsletter/confirm'), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    const [, welcome] = await mailTo(reader, 2);
    emails.push({ name: 'welcome', html: welcome!.html, real: true });

    const contact = await fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mara Quill', email: 'mara@example.org', message: 'A question about the maps.' }),
    });
    expect(contact.status).toBe(201);
    const [contactNotice] = await mailTo('author@example.net', 1);
    emails.push({ name: 'author-contact-notice', html: contactNotice!.html, real: true });

    // Rendered: every other kind, with sample links of the right shape on this site.
    const sampleLink = (pathname: string) => `${origin}${pathname}?token=sample`;
    const links = {
      unsubscribeUrl: sampleLink('/newsletter/unsubscribe'),
      preferencesUrl: sampleLink('/newsletter/preferences'),
      giftUrl: sampleLink('/newsletter/gift'),
    };
    const rendered: [string, RenderedEmail][] = [
      [
        'confirmation-held-back',
        await renderConfirmationEmail({
          confirmUrl: sampleLink('/newsletter/confirm'),
          unsubscribeUrl: links.unsubscribeUrl,
          siteUrl,
          notMeUrl: sampleLink('/newsletter/not-me'),
          requestedAt: 'Nov 25, 2026 at 18:40 UTC',
        }),
      ],
      [
        'follow-up',
        personalise(
          await renderIssueTemplate(
            {
              subject: 'The second letter',
              preheader: 'What the archive holds',
              body: `A week in. Here is [the first book](/books/${book.slug}), and a very long address that must wrap: ${origin}/books/${book.slug}?${'x'.repeat(120)}`,
              viewUrl: `${origin}/newsletter/archive`,
            },
            origin,
          ),
          links,
        ),
      ],
      [
        'issue',
        personalise(
          await renderIssueTemplate(
            {
              subject: 'Embers of autumn',
              preheader: 'News from the forge',
              body: `The **third** book is nearly done.\n\n![The cover](${book.coverImage})\n\n[[post:${post!.slug}]]\n\n- a map\n- a song`,
              viewUrl: `${origin}/newsletter/archive`,
              assets: { postCards },
            },
            origin,
          ),
          links,
        ),
      ],
      ['gift-link', await renderGiftLinkEmail('The Marshal’s Ledger', links)],
      [
        'preorder-receipt',
        await renderPreorderReceipt({
          bookTitle: book.title,
          bookUrl: `${origin}/books/${book.slug}`,
          coverUrl: emailCoverUrl(book, origin),
          customerName: 'Mara Quill',
          choice: 'Hardcover — $27.99',
          cancelUrl: sampleLink('/preorder/cancel'),
          siteUrl,
        }),
      ],
      [
        'preorder-notice',
        await renderPreorderNotice({ book, customerName: 'Mara Quill', format: 'hardcover', siteOrigin: origin }),
      ],
      [
        'author-preorder-notice',
        await renderPreorderReceivedNotice(
          {
            id: 'sample',
            bookId: book.id,
            bookTitle: book.title,
            customerName: 'Mara Quill',
            customerEmail: 'mara@example.org',
            preferredFormat: 'hardcover',
            createdAt: new Date(),
          } as never,
          origin,
        ),
      ],
      ['author-contact-notice-rendered', await renderContactNotice({ name: 'Ivo', email: 'ivo@example.org', message: 'Hello' }, origin)],
      [
        'purchase',
        await renderPurchaseEmail({
          title: book.title,
          format: 'EPUB',
          buyerName: 'Mara Quill',
          reference: 'ORDER-1234',
          downloadUrl: sampleLink('/library/download'),
          libraryUrl: `${origin}/library`,
          tips: giftReadingTips(['epub']),
        }),
      ],
      ['library-sign-in', await renderLibrarySignInEmail(sampleLink('/library'))],
    ];
    for (const [name, email] of rendered) emails.push({ name, html: email.html, real: false });
    expect(emails.length).toBe(13);
  });

  // One test per width and image setting (13 emails each), so a busy machine's slower pages stay within a test's time.
  for (const width of WIDTHS)
    for (const images of [false, true])
      it(`none scrolls sideways at ${width} px, carries an SVG or an image without alt, with images ${images ? 'allowed' : 'blocked'}`, async () => {
        const context = await site.browser.newContext();
        try {
          for (const email of emails) {
            const seen = await readEmailIn(context, email, width, images);
            const where = `${email.name} at ${width} px, images ${images ? 'allowed' : 'blocked'}`;
            expect(seen.overflow, where).toBeLessThanOrEqual(0);
            expect(seen.svg, where).toBe(0);
            expect(seen.imagesWithoutAlt, where).toEqual([]);
            // Allowed, every image loads across origins (a same-origin resource policy would block it here).
            if (images) expect(seen.brokenImages, where).toEqual([]);
          }
        } finally {
          await context.close();
        }
      });

  it('every link is absolute and leads somewhere: the real emails’ links open (200), the samples’ pages exist', async () => {
    const context = await site.browser.newContext();
    const checked = new Map<string, number>();
    try {
      for (const email of emails) {
        const { links } = await readEmailIn(context, email, 600, false);
        expect(links.length, email.name).toBeGreaterThan(0);
        for (const href of links) {
          expect(href, `${email.name}: ${href}`).toMatch(/^(https?:\/\/|mailto:)/);
          if (!href.startsWith(site.baseUrl)) continue;
          // A POST-only link is never in an email; a GET shows a page (link scanners' visits change nothing).
          const status = checked.get(href) ?? (await fetch(href, { redirect: 'follow' })).status;
          checked.set(href, status);
          if (email.real) expect(status, `${email.name}: ${href}`).toBe(200);
          else expect([404, 500, 502, 503], `${email.name}: ${href}`).not.toContain(status);
        }
      }
    } finally {
      await context.close();
    }
  });
});
