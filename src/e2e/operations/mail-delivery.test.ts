import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  root,
  serverEntry,
  startProductionServer,
  type ProductionServer,
} from '../../../scripts/lib/production-server.mjs';
import { startSmtpInbox, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';

const RELAY_PASSWORD_MARK = 'relay-secret';

/** The compiled server over real HTTP, sending through a real SMTP server in this process. */
describe('mail through an SMTP relay (production build)', () => {
  let inbox: SmtpInbox;
  let server: ProductionServer;
  let output = '';

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startProductionServer(
      { SMTP_URL: inbox.url, MAIL_FROM: 'Delphine Rook <news@example.com>', LOG_LEVEL: 'info', SEED_DEMO: '0' },
      { dataDirPrefix: 'site-mail-', onOutput: (chunk: Buffer) => (output += chunk.toString()) },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
  });

  it('says where mail goes at start without the relay password, delivers the confirmation, and its link confirms', async () => {
    expect(inbox.url).toContain(`:${RELAY_PASSWORD_MARK}@`);
    // Written before the server listens, but its pipe may be read after /healthz's answer: wait for it.
    await expect
      .poll(() => output, { timeout: 10_000 })
      .toContain(`Mail: sending through smtp://${new URL(inbox.url).host} as news@example.com`);

    const address = `relay-${Date.now()}@example.org`;
    const res = await fetch(`${server.baseUrl}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    expect(res.status).toBe(201);
    for (let waited = 0; inbox.to(address).length === 0 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [email] = inbox.to(address);
    expect(email?.headers.get('from')).toBe('Delphine Rook <news@example.com>');
    const link = /http:\/\/127\.0\.0\.1:\d+\/newsletter\/confirm\?token=[\w.~-]+/.exec(email!.text)?.[0];
    expect(link?.startsWith(`${server.baseUrl}/newsletter/confirm?token=`)).toBe(true);

    // The link's page asks; its button's POST confirms; the used link then says so again.
    const asked = await fetch(link!);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('<h1>One last step</h1>');
    const confirmed = await fetch(link!, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('<h1>You&#39;re in</h1>');
    const reopened = await fetch(link!);
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).toContain('<h1>You&#39;re in</h1>');
    expect(output).not.toContain(RELAY_PASSWORD_MARK);
  });
});

describe('a bad mail setting stops the start', () => {
  /** Starts the server and waits for it to exit; a start that hangs is killed after 15 s (code null: a failure). */
  function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: undefined,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: '/nonexistent-never-made',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
  }

  it.each([
    [{ SMTP_URL: `smtp://site:${RELAY_PASSWORD_MARK}@` }, /SMTP_URL: must be smtp:\/\/user:pass@host:587/],
    [{ SMTP_URL: 'http://relay.example', MAIL_FROM: 'news@example.com' }, /SMTP_URL: must be smtp:\/\//],
    [
      { SMTP_URL: `smtp://site:${RELAY_PASSWORD_MARK}@relay.example:587` },
      /MAIL_FROM: is required when SMTP_URL is set/,
    ],
    [{ MAIL_FROM: 'Delphine Rook' }, /MAIL_FROM: must be an address or Name <address>/],
  ])('%j: exits naming the variable, never echoing the password', async (env, problem) => {
    const result = await start(env);
    // Exited by itself, not killed by the 15 s guard (not timed: a CI machine may be busy).
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(problem);
    expect(result.stderr).not.toContain(RELAY_PASSWORD_MARK);
  });
});
