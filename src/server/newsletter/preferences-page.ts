import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXCLUSIVE_INTERESTS_MESSAGE, interestsSchema, PAUSE_DAYS } from '../../domain/newsletter-interests.js';
import { limitPagesPerAddress } from '../site/rate-limit/page-limit.js';
import { findSubscription, pauseSubscription, setSubscriberInterests } from './subscriptions-repository.js';
import type { AppServices } from '../services.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import { escapeHtml, type NoticePage, type NoticePageStyles, sendNoticePage, tokenOf } from './notice-page.js';
import { checkInterests, interestChoices } from './reader-interests.js';
import { PREFERENCES_PATH } from './reader-links.js';
import { ARC_PATH } from '../../domain/arc.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-links.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BODY_LIMIT = 8 * 1024;

const STYLE = `<style>
  fieldset { border: 1px solid #3d342f; border-radius: 6px; margin: 0 0 1rem; padding: 0.75rem 1rem; }
  legend { padding: 0 0.4rem; font-weight: 600; }
  label { display: flex; gap: 0.6rem; align-items: center; padding: 0.3rem 0; cursor: pointer; }
  input[type=checkbox] { width: 1.15rem; height: 1.15rem; accent-color: #ef8257; }
  input:focus-visible { outline: 3px solid #ef8257; outline-offset: 2px; }
  .secondary { background: transparent; border: 1px solid #ef8257; color: #fff4e6; }
  .secondary:hover { background: #2a201d; }
  .status { border-left: 3px solid #ef8257; padding-left: 0.75rem; }
</style>`;

const BAD_LINK: NoticePage = {
  title: 'Link not valid',
  heading: 'This preferences link is not valid',
  paragraphs: ['Use the link at the foot of any newsletter email, or write to the author from the contact page.'],
  link: { href: '/contact', text: 'Contact' },
};

const GONE: NoticePage = {
  title: 'Unsubscribed',
  heading: "You're unsubscribed",
  paragraphs: ['This address receives no newsletter. You can subscribe again at any time.'],
  link: { href: '/#newsletter', text: 'Subscribe again' },
};

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What the preferences page's handlers share: the services, the link tokens and the page in the site's frame. */
type PreferencesPages = {
  services: AppServices;
  tokens: NewsletterTokens;
  page: (reply: FastifyReply, status: number, notice: NoticePage) => FastifyReply;
};

/** The page of an active subscription: its interests, pause or resume, unsubscribe; `status` says what just changed. */
async function renderPreferences(
  { services, tokens }: PreferencesPages,
  subscriptionId: string,
  token: string,
  status: string | null,
): Promise<NoticePage> {
  const subscription = await findSubscription(services.db, subscriptionId);
  if (!subscription?.isActive) return GONE;
  const chosen = new Set(subscription.interests ?? []);
  const choices = await interestChoices(services.db);
  const action = escapeHtml(`${PREFERENCES_PATH}?token=${encodeURIComponent(token)}`);
  const boxes = choices
    .map(
      (choice) =>
        `<label><input type="checkbox" name="interests" value="${escapeHtml(choice.value)}"${chosen.has(choice.value) ? ' checked' : ''}> ${escapeHtml(choice.label)}</label>`,
    )
    .join('\n');
  const paused = subscription.pausedUntil && subscription.pausedUntil.getTime() > Date.now();
  const pauseForm = paused
    ? `<p>Issues are paused until ${escapeHtml(formatDay(subscription.pausedUntil!))}.</p>
        <form method="post" action="${action}"><button type="submit" name="action" value="resume" class="secondary">Resume now</button></form>`
    : `<form method="post" action="${action}"><button type="submit" name="action" value="pause" class="secondary">Pause for a month</button></form>`;
  const unsubscribeAction = escapeHtml(
    `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokens.unsubscribeToken(subscriptionId))}`,
  );
  return {
    title: 'Newsletter preferences',
    heading: 'Your newsletter preferences',
    paragraphs: [`For ${subscription.email}.`],
    html: `${STYLE}
      ${status ? `<p class="status" role="status">${escapeHtml(status)}</p>` : ''}
      <form method="post" action="${action}">
        <fieldset>
          <legend>What would you like to hear about?</legend>
          ${boxes}
        </fieldset>
        <p>Nothing ticked means everything. “Everything” and “New releases only” exclude each other.</p>
        <button type="submit" name="action" value="save">Save my choices</button>
      </form>
      ${pauseForm}
      <form method="post" action="${unsubscribeAction}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click">
        <button type="submit" class="secondary">Unsubscribe</button>
      </form>`,
    link: { href: '/', text: 'Back to the site' },
    // The ARC team: advance copies for subscribers who review (src/server/arc).
    links: [{ href: ARC_PATH, text: 'Join the ARC team' }],
  };
}

/** `GET /newsletter/preferences?token=`: the page, or why the link does not open it. */
async function showPreferences(pages: PreferencesPages, request: FastifyRequest, reply: FastifyReply) {
  const check = pages.tokens.checkPreferencesToken(tokenOf(request));
  if (!check.ok) return pages.page(reply, 400, BAD_LINK);
  const token = tokenOf(request) as string;
  return pages.page(reply, 200, await renderPreferences(pages, check.claim.subscriptionId, token, null));
}

const NOT_SAVED = 'Those choices could not be saved: pick from the list.';

/** Saves the interests ticked: the status line to show, or the refusal (a 400) when they are not the site's. */
async function saveInterests(
  { services }: PreferencesPages,
  subscriptionId: string,
  interests: unknown,
): Promise<{ saved: string } | { refused: string }> {
  const parsed = interestsSchema.safeParse(interests ?? []);
  if (!parsed.success)
    return {
      refused: parsed.error.issues.some((issue) => issue.message === EXCLUSIVE_INTERESTS_MESSAGE)
        ? `${EXCLUSIVE_INTERESTS_MESSAGE}.`
        : NOT_SAVED,
    };
  try {
    await checkInterests(services.db, parsed.data);
  } catch {
    return { refused: NOT_SAVED };
  }
  await setSubscriberInterests(services.db, subscriptionId, parsed.data);
  return { saved: 'Your choices are saved.' };
}

/** What a button of the page does (save, pause, resume): the status line to show, or the refusal (a 400). */
async function applyAction(
  pages: PreferencesPages,
  subscriptionId: string,
  body: Record<string, unknown>,
): Promise<{ saved: string } | { refused: string }> {
  const { db } = pages.services;
  if (body.action === 'save') return saveInterests(pages, subscriptionId, body.interests);
  if (body.action === 'pause') {
    const until = new Date(Date.now() + PAUSE_DAYS * DAY_MS);
    await pauseSubscription(db, subscriptionId, until);
    return { saved: `Paused until ${formatDay(until)}.` };
  }
  if (body.action === 'resume') {
    await pauseSubscription(db, subscriptionId, null);
    return { saved: 'Issues are back on.' };
  }
  return { refused: 'Choose one of the buttons below.' };
}

/** `POST /newsletter/preferences?token=`: one of the page's buttons, then the page again saying what changed. */
async function changePreferences(pages: PreferencesPages, request: FastifyRequest, reply: FastifyReply) {
  const check = pages.tokens.checkPreferencesToken(tokenOf(request));
  if (!check.ok) return pages.page(reply, 400, BAD_LINK);
  const token = tokenOf(request) as string;
  const { subscriptionId } = check.claim;
  const subscription = await findSubscription(pages.services.db, subscriptionId);
  if (!subscription?.isActive) return pages.page(reply, 410, GONE);
  const outcome = await applyAction(pages, subscriptionId, (request.body ?? {}) as Record<string, unknown>);
  const [status, message] = 'saved' in outcome ? [200, outcome.saved] : [400, outcome.refused];
  return pages.page(reply, status, await renderPreferences(pages, subscriptionId, token, message));
}

/**
 * The preferences page every email links to, opened by a signed link (no account): change
 * interests, pause issues for a month (or resume), unsubscribe. Server-rendered forms, no script.
 */
export async function registerPreferencesPage(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles: NoticePageStyles = { stylesheets: [] },
): Promise<void> {
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply, status, notice, styles);
  const pages: PreferencesPages = { services, tokens, page };
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);

  app.get(PREFERENCES_PATH, { preHandler: limited }, (request, reply) => showPreferences(pages, request, reply));
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
    scope.post(PREFERENCES_PATH, { preHandler: limited }, (request, reply) => changePreferences(pages, request, reply));
  });
}
