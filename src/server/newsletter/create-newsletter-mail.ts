import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { AppDatabase } from '../db/connection.js';
import { BackgroundSends } from '../mail/background-sends.js';
import { createMailer, type MailLog } from '../mail/mailer.js';
import { loadOrCreateSecret } from '../repositories/site-secrets.js';
import type { AppServices } from '../trpc/context.js';
import { NewsletterMail } from './newsletter-mail.js';
import { registerNewsletterPages } from './newsletter-pages.js';
import { NewsletterTokens } from './newsletter-tokens.js';

type Log = MailLog & { error: (fields: object, message: string) => void };

/** The mailer, the newsletter's emails and the pages their links open, sharing one signing key. */
export async function createNewsletterMail(db: AppDatabase, config: AppConfig, log: () => Log) {
  const tokens = new NewsletterTokens(await loadOrCreateSecret(db, 'newsletter-links'));
  const mailer = createMailer(config.mail, config.dataDir, log);
  const sends = new BackgroundSends((error) => log().error({ err: error }, 'newsletter email could not be sent'));
  return {
    mailer,
    newsletterMail: new NewsletterMail(db, mailer, tokens, sends),
    registerPages: (app: FastifyInstance, services: AppServices) => registerNewsletterPages(app, services, tokens),
    close: async () => {
      await sends.settled();
      mailer.close();
    },
  };
}
