import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXCLUSIVE_INTERESTS_MESSAGE, interestsSchema, PAUSE_DAYS } from '../../domain/newsletter-interests.js';
import { TOO_MANY_REQUESTS } from '../site/rate-limit/request-limits.js';
import { perAddressLimit } from '../site/rate-limit/per-address-limit.js';
import { findSubscription, pauseSubscription, setSubscriberInterests } from './subscriptions-repository.js';
import type { AppServices } from '../services.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import {
  escapeHtml,
  type NoticePage,
  type NoticePageStyles,
  sendNoticePage as sendPage,
  tokenOf,
} from './notice-page.js';
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
  const sendNoticePage = (reply: FastifyReply, status: number, page: NoticePage) =>
    sendPage(reply, status, page, styles);
  const limited = perAddressLimit(services.limiters.publicRead, (reply) =>
    sendNoticePage(reply, 429, {
      title: 'Too many requests',
      heading: 'Too many requests',
      paragraphs: [TOO_MANY_REQUESTS],
    }),
  );

  async function renderPreferences(subscriptionId: string, token: string, status: string | null): Promise<NoticePage> {
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

  app.get(PREFERENCES_PATH, { preHandler: limited }, async (request, reply) => {
    const check = tokens.checkPreferencesToken(tokenOf(request));
    if (!check.ok) return sendNoticePage(reply, 400, BAD_LINK);
    return sendNoticePage(
      reply,
      200,
      await renderPreferences(check.claim.subscriptionId, tokenOf(request) as string, null),
    );
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });
    scope.post(PREFERENCES_PATH, { preHandler: limited }, async (request, reply) => {
      const check = tokens.checkPreferencesToken(tokenOf(request));
      if (!check.ok) return sendNoticePage(reply, 400, BAD_LINK);
      const token = tokenOf(request) as string;
      const { subscriptionId } = check.claim;
      const subscription = await findSubscription(services.db, subscriptionId);
      if (!subscription?.isActive) return sendNoticePage(reply, 410, GONE);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const invalid = async (message: string) =>
        sendNoticePage(reply, 400, { ...(await renderPreferences(subscriptionId, token, message)) });
      if (body.action === 'save') {
        const parsed = interestsSchema.safeParse(body.interests ?? []);
        if (!parsed.success)
          return invalid(
            parsed.error.issues.some((issue) => issue.message === EXCLUSIVE_INTERESTS_MESSAGE)
              ? `${EXCLUSIVE_INTERESTS_MESSAGE}.`
              : 'Those choices could not be saved: pick from the list.',
          );
        try {
          await checkInterests(services.db, parsed.data);
        } catch {
          return invalid('Those choices could not be saved: pick from the list.');
        }
        await setSubscriberInterests(services.db, subscriptionId, parsed.data);
        return sendNoticePage(reply, 200, await renderPreferences(subscriptionId, token, 'Your choices are saved.'));
      }
      if (body.action === 'pause') {
        const until = new Date(Date.now() + PAUSE_DAYS * DAY_MS);
        await pauseSubscription(services.db, subscriptionId, until);
        return sendNoticePage(
          reply,
          200,
          await renderPreferences(subscriptionId, token, `Paused until ${formatDay(until)}.`),
        );
      }
      if (body.action === 'resume') {
        await pauseSubscription(services.db, subscriptionId, null);
        return sendNoticePage(reply, 200, await renderPreferences(subscriptionId, token, 'Issues are back on.'));
      }
      return invalid('Choose one of the buttons below.');
    });
  });
}
