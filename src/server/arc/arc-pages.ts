import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ARC_DISCLOSURE,
  ARC_GENRES,
  ARC_HONEST_REVIEWS,
  ARC_PATH,
  ARC_RETAILER_LABELS,
  ARC_RETAILERS,
} from '../../domain/arc.js';
import { arcApplicationSchema, arcLinksSchema, type ArcLinks } from '../../domain/arc.schema.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import {
  escapeHtml,
  type NoticePage,
  type NoticePageStyles,
  sendNoticePage,
  tokenOf,
} from '../newsletter/notice-page.js';
import { parseRange } from '../site/downloads/byte-range.js';
import { limitPagesPerAddress } from '../site/rate-limit/page-limit.js';
import { salesFileStoreOf } from '../sales/copies/sales-files.js';
import { sendStoredFile } from '../sales/copies/stored-file-download.js';
import type { AppServices } from '../services.js';
import { ensureArcCopy } from './arc-copy.js';
import {
  ARC_APPLY_PATH,
  ARC_COPY_PATH,
  ARC_DOWNLOAD_PATH,
  ARC_REVIEWS_PATH,
  ARC_STEP_BACK_PATH,
  arcDownloadUrl,
} from './arc-links.js';
import {
  applyToCampaign,
  countArcDownload,
  findApplication,
  findCampaign,
  findConfirmedReader,
  listOpenCampaigns,
  listReviewsOf,
  ReviewLinkTaken,
  stepBack,
  submitReviews,
  type ArcCampaign,
} from './arc-repository.js';
import { createRequestContext } from '../trpc/context.js';

/** A form's body: a few fields and five links of at most 2,000 characters; anything far bigger is refused (413). */
const FORM_BODY_LIMIT = 32 * 1024;

const STYLE = `<style>
  .campaign { border: 1px solid #3d342f; border-radius: 6px; padding: 1rem; margin: 0 0 1.5rem; }
  .campaign h2 { font-size: 1.3rem; margin: 0 0 0.5rem; }
  .arc label { display: block; margin: 0 0 0.3rem; font-weight: 600; }
  .arc input[type=email], .arc input[type=text], .arc input[type=url] { font: inherit; width: 100%; box-sizing: border-box;
    padding: 0.55rem 0.7rem; margin: 0 0 0.9rem; background: #0e0c0b; color: #eadfc8; border: 1px solid #6b5d55; border-radius: 6px; }
  .arc fieldset { border: 1px solid #3d342f; border-radius: 6px; margin: 0 0 1rem; padding: 0.75rem; min-width: 0; }
  .arc .check { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 400; }
  .arc .genres { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.3rem 1rem; }
  .download { display: block; padding: 0.75rem 1rem; border: 1px solid #ef8257; border-radius: 6px; color: #fff4e6;
    text-decoration: none; font-weight: 600; margin: 0 0 1rem; text-align: center; }
  .fine { font-size: 0.95rem; color: #d9ccb4; }
  .arc a, .arc p { overflow-wrap: anywhere; }
</style>`;

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const linkInputs = (values: ArcLinks, prefix: string) =>
  ARC_RETAILERS.map((retailer) => {
    const id = `${prefix}-${retailer}`;
    return `<label for="${id}">${escapeHtml(ARC_RETAILER_LABELS[retailer])}</label>
      <input id="${id}" type="url" name="${retailer}" inputmode="url" maxlength="2000" value="${escapeHtml(values[retailer] ?? '')}" placeholder="https://">`;
  }).join('');

function applyForm(campaign: ArcCampaign): string {
  const id = campaign.id;
  const genres = ARC_GENRES.map(
    (genre) =>
      `<label class="check"><input type="checkbox" name="genres" value="${escapeHtml(genre)}"> ${escapeHtml(genre)}</label>`,
  ).join('');
  return `<section class="campaign" aria-labelledby="t-${id}">
    <h2 id="t-${id}"><a href="${ARC_PATH}/${escapeHtml(campaign.bookSlug)}">${escapeHtml(campaign.bookTitle)}</a></h2>
    <p>${campaign.places} advance copies; reviews by ${when(campaign.reviewBy)}.</p>
    <form method="post" action="${ARC_APPLY_PATH}" class="arc">
      <input type="hidden" name="campaignId" value="${escapeHtml(id)}">
      <label for="e-${id}">Your email (a confirmed subscriber's)</label>
      <input id="e-${id}" type="email" name="email" required autocomplete="email" maxlength="254">
      <label for="n-${id}">Your name (it goes on your copy)</label>
      <input id="n-${id}" type="text" name="name" required autocomplete="name" maxlength="120">
      <fieldset><legend>Where you review (profile links; at least one)</legend>${linkInputs({}, `p-${id}`)}</fieldset>
      <fieldset><legend>What you read</legend><div class="genres">${genres}</div></fieldset>
      <p class="fine">${escapeHtml(campaign.promise)}</p>
      <label class="check"><input type="checkbox" name="promise" value="yes" required> I promise the above</label>
      <button type="submit">Apply for ${escapeHtml(campaign.bookTitle)}</button>
    </form>
  </section>`;
}

/** The form's fields as the schema's shape (a checkbox list is one value or many). */
function applicationFrom(body: Record<string, unknown>) {
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
  return {
    campaignId: body.campaignId,
    email: body.email,
    name: body.name,
    profiles: Object.fromEntries(ARC_RETAILERS.map((retailer) => [retailer, body[retailer] || undefined])),
    genres: list(body.genres),
    promise: body.promise === 'yes' || body.promise === 'on' || body.promise === true,
  };
}

const BAD_LINK: NoticePage = {
  title: 'Link not valid',
  heading: 'This link is not valid',
  paragraphs: ['Open the link in your ARC email again, whole. If it still fails, write to the author.'],
  link: { href: '/contact', text: 'Contact' },
};

/** What every ARC page needs: the services, the link tokens, the copies' store and the notice page. */
type ArcPages = {
  services: AppServices;
  tokens: NewsletterTokens;
  files: ReturnType<typeof salesFileStoreOf>;
  page: (reply: FastifyReply, status: number, notice: NoticePage) => FastifyReply;
};

/** A message on the reader's page after a form: its status, and the links to show again when refused. */
type ReaderNotice = { status: number; message: string; values?: ArcLinks };

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const bodyToken = (body: Record<string, unknown>) => (typeof body.token === 'string' ? body.token : '');
const messagesOf = (error: { issues: { message: string }[] }) => [
  ...new Set(error.issues.map((issue) => issue.message)),
];

/** `/arc` (every open campaign) or `/arc/<book-slug>` (its open campaign), each with its apply form. */
async function campaignsPage({ services, page }: ArcPages, reply: FastifyReply, slug?: string) {
  const open = await listOpenCampaigns(services.db, slug);
  if (slug !== undefined && open.length === 0)
    return page(reply, 404, {
      title: 'ARC team',
      heading: 'No open ARC campaign for this book',
      paragraphs: ['The author is not sending advance copies of this book now.'],
      link: { href: ARC_PATH, text: 'Open campaigns' },
    });
  return page(reply, 200, {
    title: slug !== undefined ? `ARC team: ${open[0]!.bookTitle}` : 'ARC team',
    heading: slug !== undefined ? `Advance copies of ${open[0]!.bookTitle}` : 'The ARC team',
    paragraphs: [
      'Read the next book before it comes out, free, and review it honestly where you review books. Applying needs a confirmed newsletter subscription; the author chooses readers by their record of reviewing and what they read.',
      ...(open.length === 0
        ? ['No campaign is open right now: subscribe to the newsletter to hear about the next one.']
        : []),
    ],
    html: `${STYLE}${open.map(applyForm).join('')}`,
    link: { href: '/#newsletter', text: 'Subscribe' },
  });
}

/** The application a token names (any state), or null once the "not valid" page is sent. */
async function applicationOf({ services, tokens, page }: ArcPages, reply: FastifyReply, token: unknown) {
  const check = tokens.checkArcToken(token);
  const application = check.ok ? await findApplication(services.db, check.claim.applicationId) : undefined;
  const campaign = application ? await findCampaign(services.db, application.campaignId) : undefined;
  if (!application || !campaign || application.state === 'applied' || application.state === 'declined') {
    await page(reply, 400, BAD_LINK);
    return null;
  }
  return { application, campaign };
}

/** The chosen reader's page body: the download, the review links form and the step-back form. */
function readerPageHtml(
  download: { url: string; title: string; name: string },
  token: string,
  values: ArcLinks,
): string {
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}">`;
  return `${STYLE}<div class="arc">
        <a class="download" href="${escapeHtml(download.url)}">Download ${escapeHtml(download.title)} (EPUB)</a>
        <p class="fine">This copy is made for you (${escapeHtml(download.name)}): please do not share it. Suggested disclosure: “${escapeHtml(ARC_DISCLOSURE)}”</p>
        <form method="post" action="${ARC_REVIEWS_PATH}">${hidden}
          <fieldset><legend>Your review links</legend>${linkInputs(values, 'r')}</fieldset>
          <button type="submit">Submit review links</button>
        </form>
        <form method="post" action="${ARC_STEP_BACK_PATH}">${hidden}
          <p class="fine">Not for you, or no time after all? Stepping back is fine: no reminders, no mark against you.</p>
          <button type="submit">Step back</button>
        </form></div>`;
}

/** `/arc-copy`: the chosen reader's page (or the "stepped back" page), with a notice after a form. */
async function readerPage(
  pages: ArcPages,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  notice?: ReaderNotice,
) {
  const { services, tokens, page } = pages;
  const found = await applicationOf(pages, reply, token);
  if (!found) return reply;
  const { application, campaign } = found;
  if (application.state === 'stepped-back')
    return page(reply, notice?.status ?? 200, {
      title: 'Stepped back',
      heading: 'You stepped back',
      paragraphs: [
        `Thank you for saying so. You will get no reminders about ${campaign.bookTitle}, and the next campaign is open to you as ever.`,
      ],
      link: { href: ARC_PATH, text: 'ARC team' },
    });
  const reviews = await listReviewsOf(services.db, application.id);
  const values: ArcLinks = notice?.values ?? Object.fromEntries(reviews.map((review) => [review.retailer, review.url]));
  const origin = createRequestContext(services, request).siteOrigin;
  const download = {
    url: arcDownloadUrl(tokens, origin, application.id),
    title: campaign.bookTitle,
    name: application.name,
  };
  return page(reply, notice?.status ?? 200, {
    title: `Your ARC of ${campaign.bookTitle}`,
    heading: `Your advance copy of ${campaign.bookTitle}`,
    paragraphs: [
      ...(notice ? [notice.message] : []),
      `Review window: until ${when(campaign.reviewBy)}. ${ARC_HONEST_REVIEWS}`,
      reviews.length
        ? `Review links in: ${reviews.map((review) => ARC_RETAILER_LABELS[review.retailer]).join(', ')}. Thank you!`
        : 'When your review is up, paste its links below (only the shape of each link is checked; nothing is fetched).',
    ],
    html: readerPageHtml(download, token, values),
    link: { href: ARC_PATH, text: 'ARC team' },
  });
}

/** The chosen reader's fingerprinted copy, by range; a download from the first byte counts one. */
async function sendArcCopy(pages: ArcPages, request: FastifyRequest, reply: FastifyReply) {
  const { services, files, page } = pages;
  const found = await applicationOf(pages, reply, tokenOf(request));
  if (!found) return reply;
  if (found.application.state !== 'selected')
    return page(reply, 410, {
      title: 'Stepped back',
      heading: 'You stepped back from this campaign',
      paragraphs: ['Its download link no longer works.'],
      link: { href: ARC_PATH, text: 'ARC team' },
    });
  const copy = await ensureArcCopy(services.db, files, found.campaign, found.application);
  if (!copy)
    return page(reply, 404, {
      title: 'Not available',
      heading: 'The copy is not ready yet',
      paragraphs: ['The author has not added the book’s file yet; please try again later.'],
    });
  const range = parseRange(request.headers.range, copy.bytes);
  if (range !== 'invalid' && (range?.start ?? 0) === 0) await countArcDownload(services.db, found.application.id);
  return sendStoredFile(reply, files, copy, request.headers.range);
}

/** A form the body parser refused (too long, not a form) gets a notice page; a 500 goes on as thrown. */
function formErrorPage({ page }: ArcPages, error: Error & { statusCode?: number }, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) throw error;
  return page(reply, status, {
    title: 'Not sent',
    heading: 'This form could not be read',
    paragraphs: [status === 413 ? 'It was far too long: a link is at most 2,000 characters.' : error.message],
    link: { href: ARC_PATH, text: 'ARC team' },
  });
}

/** An application: saved when the address is a confirmed subscriber's, with the same answer either way. */
async function apply({ services, page }: ArcPages, request: FastifyRequest, reply: FastifyReply) {
  const parsed = arcApplicationSchema.safeParse(applicationFrom(bodyOf(request)));
  if (!parsed.success)
    return page(reply, 400, {
      title: 'Not sent',
      heading: 'Your application is not in yet',
      paragraphs: messagesOf(parsed.error),
      link: { href: ARC_PATH, text: 'Back to the form' },
    });
  const input = parsed.data;
  const campaign = await findCampaign(services.db, input.campaignId);
  if (!campaign || campaign.state !== 'open')
    return page(reply, campaign ? 409 : 404, {
      title: 'Closed',
      heading: campaign ? 'This campaign is closed' : 'No such campaign',
      paragraphs: ['It takes no applications now; the open ones are on the ARC team page.'],
      link: { href: ARC_PATH, text: 'ARC team' },
    });
  const reader = await findConfirmedReader(services.db, input.email);
  if (reader)
    await applyToCampaign(services.db, {
      campaignId: campaign.id,
      subscriptionId: reader.id,
      name: input.name,
      profiles: input.profiles,
      genres: input.genres,
    });
  // The same answer whether or not the address is a subscriber: the page tells nobody who subscribes.
  return page(reply, 200, {
    title: 'Application received',
    heading: 'Thank you for applying',
    paragraphs: [
      `If ${input.email} is a confirmed newsletter subscriber, your application for ${campaign.bookTitle} is in (applying again updates it).`,
      `What happens next: the author chooses ${campaign.places} readers. If you are chosen, an email brings your personal download link and a page for your review links; reviews are due by ${when(campaign.reviewBy)}. If you are not chosen this time, you hear nothing more about it and stay welcome next time.`,
      'Not subscribed yet, or never confirmed? Subscribe, follow the link in the confirmation email, then apply again.',
    ],
    link: { href: '/#newsletter', text: 'Subscribe' },
    links: [{ href: ARC_PATH, text: 'ARC team' }],
  });
}

/** Saves the review links, or the reason they are not saved (bad shape, none, another reader's). */
async function checkAndSaveReviews(
  { services }: ArcPages,
  application: Parameters<typeof submitReviews>[1],
  body: Record<string, unknown>,
): Promise<ReaderNotice> {
  const submitted = Object.fromEntries(
    ARC_RETAILERS.map((retailer) => [retailer, typeof body[retailer] === 'string' ? body[retailer] : undefined]),
  ) as ArcLinks;
  const parsed = arcLinksSchema.safeParse(
    Object.fromEntries(ARC_RETAILERS.map((retailer) => [retailer, body[retailer] ?? undefined])),
  );
  const clipped = Object.fromEntries(
    Object.entries(submitted).map(([retailer, url]) => [retailer, url?.slice(0, 2000)]),
  ) as ArcLinks;
  if (!parsed.success)
    return { status: 400, message: `Not saved: ${messagesOf(parsed.error).join('; ')}.`, values: clipped };
  if (!Object.values(parsed.data).some(Boolean))
    return { status: 400, message: 'Not saved: paste at least one review link.' };
  let outcome: 'saved' | 'taken';
  try {
    outcome = await submitReviews(services.db, application, parsed.data);
  } catch (error) {
    if (!(error instanceof ReviewLinkTaken)) throw error;
    outcome = 'taken';
  }
  if (outcome === 'taken')
    return {
      status: 409,
      message: 'Not saved: another reader already submitted this review link. Paste the link of your own review.',
      values: clipped,
    };
  return { status: 200, message: 'Saved: thank you for your review.' };
}

/** The review links form of the reader's page; the page comes back with what happened. */
async function saveReviews(pages: ArcPages, request: FastifyRequest, reply: FastifyReply) {
  const body = bodyOf(request);
  const token = bodyToken(body);
  const found = await applicationOf(pages, reply, token);
  if (!found) return reply;
  if (found.application.state !== 'selected') return readerPage(pages, request, reply, token);
  const notice = await checkAndSaveReviews(pages, found.application, body);
  return readerPage(pages, request, reply, token, notice);
}

/** "Step back": the reader leaves the campaign (no reminders, no mark against them). */
async function stepBackFrom(pages: ArcPages, request: FastifyRequest, reply: FastifyReply) {
  const token = bodyToken(bodyOf(request));
  const found = await applicationOf(pages, reply, token);
  if (!found) return reply;
  await stepBack(pages.services.db, found.application.id);
  return readerPage(pages, request, reply, token);
}

/**
 * The ARC team's reader pages, answered by the server alone (no script; phone-wide): `/arc` (every open
 * campaign with its apply form), `/arc/<book-slug>`, the application; a chosen reader's page (`/arc-copy`:
 * their download, the review links form, step back) and the download of their fingerprinted copy.
 */
export async function registerArcPages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles?: NoticePageStyles,
): Promise<void> {
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply, status, notice, styles);
  const pages: ArcPages = { services, tokens, files: salesFileStoreOf(services), page };
  const reads = limitPagesPerAddress(services.limiters.publicRead, styles);
  const writes = limitPagesPerAddress(services.limiters.formWrite, styles);

  app.get(ARC_PATH, { preHandler: reads }, (_request, reply) => campaignsPage(pages, reply));
  app.get<{ Params: { slug: string } }>(`${ARC_PATH}/:slug`, { preHandler: reads }, (request, reply) =>
    campaignsPage(pages, reply, request.params.slug.slice(0, 200)),
  );
  app.get(ARC_COPY_PATH, { preHandler: reads }, (request, reply) => {
    const token = tokenOf(request);
    return readerPage(pages, request, reply, typeof token === 'string' ? token : '');
  });
  // No HEAD twin: a HEAD must not count as a download. The copy goes as stored, by range.
  app.get(ARC_DOWNLOAD_PATH, { exposeHeadRoute: false, compress: false, preHandler: reads }, (request, reply) =>
    sendArcCopy(pages, request, reply),
  );
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT });
    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      formErrorPage(pages, error, reply),
    );
    scope.post(ARC_APPLY_PATH, { preHandler: writes }, (request, reply) => apply(pages, request, reply));
    scope.post(ARC_REVIEWS_PATH, { preHandler: writes }, (request, reply) => saveReviews(pages, request, reply));
    scope.post(ARC_STEP_BACK_PATH, { preHandler: writes }, (request, reply) => stepBackFrom(pages, request, reply));
  });
}
