import type { FastifyInstance } from 'fastify';
import { FOLLOW_PATH, fediverseHandle, remoteFollowUrl } from '../../domain/fediverse-follow.js';
import { followQuerySchema } from '../../domain/fediverse-follow.schema.js';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../domain/site-settings.js';
import { sendNoticePage, type NoticePageStyles } from '../newsletter/notice-page.js';
import type { AppServices } from '../services.js';
import { siteOrigin } from '../site/http/site-origin.js';
import { readSettings } from '../site/settings/site-settings-repository.js';

/**
 * GET /follow?server=mastodon.social: "Follow from Mastodon" (the form on the About page, with or without
 * JavaScript) sends the reader to their own server's follow page for the site's account. Nothing is fetched
 * from the server named; a name that is not a domain gets a 400 page saying so.
 */
export function registerFollowRedirect(app: FastifyInstance, services: AppServices, styles: NoticePageStyles): void {
  app.get(FOLLOW_PATH, async (request, reply) => {
    const query = followQuerySchema.safeParse(request.query);
    if (!query.success)
      return sendNoticePage(
        reply,
        400,
        {
          title: 'Follow from Mastodon',
          heading: 'Which server is your account on?',
          paragraphs: [query.error.issues[0]!.message],
          link: { href: '/about#follow', text: 'Back to the About page' },
        },
        styles,
      );
    const settings = await readSettings(services.db, SITE_SETTINGS_KEY, siteSettingsSchema);
    const handle = fediverseHandle(settings.fediverse.handle, siteOrigin(services.publicOrigin, request));
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(remoteFollowUrl(query.data.server, handle), 303);
  });
}
