import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFigures, seedSubscribers, sendIssue, type SendFigures } from '../../../scripts/lib/mail-seed.mjs';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import { startSmtpInbox, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';

const RECIPIENTS = 300;

/**
 * The compiled server sending an issue is killed with SIGKILL in the middle of the send, then
 * started again on the same data: the queue finishes and nobody receives the issue twice.
 */
describe('the mail queue across a kill -9', () => {
  let inbox: SmtpInbox;
  let dataDir: string;
  let server: ProductionServer | undefined;

  const start = () =>
    startProductionServer(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        SMTP_URL: inbox.url,
        MAIL_FROM: 'Delphine Rook <news@example.com>',
        PUBLIC_URL: 'https://site.example',
        MAIL_RATE: 'unlimited',
      },
      { dataDirPrefix: 'site-mail-crash-' },
    );

  beforeAll(async () => {
    // A relay that takes a little while per message, so the kill lands mid-send.
    inbox = await startSmtpInbox({ dataDelayMs: 10 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-mail-crash-'));
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('finishes after a restart without sending anyone the issue twice', async () => {
    server = await start();
    seedSubscribers(dataDir, RECIPIENTS);
    const { id, count } = await sendIssue(server.baseUrl, server.adminPassword, {
      subject: 'Crash-proof',
      body: 'Once, and only once.',
    });
    expect(count).toBe(RECIPIENTS);

    await waitFor(
      () => inbox.received.length,
      (received) => received >= RECIPIENTS / 3,
    );
    process.kill(server.pid, 'SIGKILL');
    await server.stop();
    const atKill = inbox.received.length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    server = await start();
    const figures: SendFigures = await waitFor(
      () => issueFigures(server!.baseUrl, server!.adminPassword, id),
      (current) => current.remaining === 0,
    );
    // Give a message still on the wire a moment to land before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const recipients = inbox.received.map((email) => email.rcptTo[0]!.toLowerCase());
    expect(new Set(recipients).size).toBe(recipients.length);
    const messageIds = inbox.received.map((email) => email.headers.get('message-id'));
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(figures.failed).toBe(0);
    expect(figures.sent + figures.uncertain).toBe(RECIPIENTS);
    // At most the messages in flight at the kill (one round: the pool's connections) are uncertain.
    expect(figures.uncertain).toBeLessThanOrEqual(4);
    expect(recipients.length).toBeGreaterThanOrEqual(figures.sent);
    expect(recipients.length).toBeLessThanOrEqual(RECIPIENTS);
  });
});
