import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp } from '../../test-support/test-app.js';
import { createScratchPostgresDatabase } from '../../test-support/test-database.js';

/** Two instances behind a load balancer, one PostgreSQL: the hourly cap of confirmations is one cap. */
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
});

it('two instances on one PostgreSQL share the hourly cap through the database', async () => {
  const database = await createScratchPostgresDatabase();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'news@example.com',
    PUBLIC_URL: 'https://site.example',
    CONFIRMATIONS_PER_HOUR: '3',
  };
  const a = await createTestApp(env);
  const b = await createTestApp(env);
  try {
    const emails = Array.from({ length: 8 }, (_, n) => `shared-${n}-${Date.now()}@shared${n}.example`);
    const answers = await Promise.all(
      emails.map((email, n) =>
        (n % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email },
          remoteAddress: `10.24.0.${n + 1}`,
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBe(201);
    await Promise.all([a.services.newsletterMail.settled(), b.services.newsletterMail.settled()]);
    expect(emails.filter((email) => inbox.to(email).length > 0)).toHaveLength(3);
    const queued = await a.services.db
      .selectFrom('mailQueue')
      .select('email')
      .where('kind', '=', 'confirmation')
      .where('email', 'in', emails)
      .execute();
    expect(queued).toHaveLength(5);
  } finally {
    await a.close();
    await b.close();
    await database.drop();
  }
});
