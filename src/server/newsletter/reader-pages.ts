import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mail/mailer.js';
import type { AppServices } from '../services.js';
import { createGiftFileStore } from './gift/gift-file-store.js';
import { registerGiftPages } from './gift/gift-pages.js';
import { registerGiftUploadRoute } from './gift/gift-upload-route.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import { registerPreferencesPage } from './preferences-page.js';
import type { NoticePageStyles } from './notice-page.js';

/** The pages readers reach from their emails (preferences, the gift) and the gift's upload. */
export async function registerReaderPages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  mailer: Mailer,
  styles: NoticePageStyles = { stylesheets: [] },
): Promise<void> {
  const giftFiles = createGiftFileStore(services.db, services.uploads.kind, path.dirname(services.uploadsDir));
  await registerPreferencesPage(app, services, tokens, styles);
  await registerGiftPages(app, services, tokens, mailer, giftFiles, styles);
  await registerGiftUploadRoute(app, services, giftFiles);
}
