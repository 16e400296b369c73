import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalDns, startSilentDns, type LocalDns } from '../test-support/local-dns.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { adminHeaders, createTestApp, type TestApp } from '../test-support/test-app.js';
import { dkimPublicKey } from './dkim-keys.js';
import { SenderCheck } from './sender-check.js';

let dns: LocalDns;
beforeAll(async () => {
  dns = await startLocalDns();
});
afterAll(() => dns.close());
beforeEach(() => dns.txt.clear());

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { format: 'pem', type: 'pkcs8' },
  publicKeyEncoding: { format: 'pem', type: 'spki' },
});
const siteKey = { selector: 'site2026', domain: 'example.com', publicKey: dkimPublicKey(privateKey) };
const checkerFor = (relayHost: string | null, servers = [dns.server]) =>
  new SenderCheck({ domain: 'example.com', relayHost, servers, timeoutMs: 500 });
const byKind = (result: Awaited<ReturnType<SenderCheck['check']>>) =>
  Object.fromEntries(result.records.map((record) => [record.kind, record]));

describe('sender check against a local DNS server', () => {
  it('finds good SPF, DKIM and DMARC records', async () => {
    dns.txt.set('example.com', ['google-site-verification=abc', 'v=spf1 include:spf.mtasv.net ~all']);
    dns.txt.set('site2026._domainkey.example.com', [`v=DKIM1; k=rsa; p=${siteKey.publicKey}`]);
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com']);
    const result = await checkerFor('smtp.postmarkapp.com').check(siteKey);
    expect(result.dnsReachable).toBe(true);
    const records = byKind(result);
    expect(records.spf).toMatchObject({ status: 'found', found: 'v=spf1 include:spf.mtasv.net ~all', fix: null });
    expect(records.dkim).toMatchObject({ status: 'found', name: 'site2026._domainkey.example.com', fix: null });
    expect(records.dmarc).toMatchObject({ status: 'found', verdict: 'DMARC record found (p=quarantine).' });
  });

  it('says what is missing and the record to add', async () => {
    const records = byKind(await checkerFor('smtp.postmarkapp.com').check(siteKey));
    expect(records.spf).toMatchObject({ status: 'missing', suggested: 'v=spf1 include:spf.mtasv.net ~all' });
    expect(records.dkim).toMatchObject({
      status: 'missing',
      fix: 'Add a TXT record at site2026._domainkey.example.com.',
      suggested: `v=DKIM1; k=rsa; p=${siteKey.publicKey}`,
    });
    expect(records.dmarc).toMatchObject({
      status: 'missing',
      suggested: 'v=DMARC1; p=none; rua=mailto:postmaster@example.com',
    });
    // No key on the site: DKIM is not looked up, and the fix is to generate one.
    const withoutKey = byKind(await checkerFor(null).check(null));
    expect(withoutKey.dkim).toMatchObject({
      status: 'missing',
      verdict: 'The site does not sign its mail with DKIM yet.',
    });
  });

  it('says what is wrong: SPF lacking the relay, a DKIM record of another key, DMARC p=none', async () => {
    dns.txt.set('example.com', ['v=spf1 include:_spf.google.com ~all']);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'der', type: 'spki' });
    dns.txt.set('site2026._domainkey.example.com', [`v=DKIM1; k=rsa; p=${other.toString('base64')}`]);
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=none']);
    const records = byKind(await checkerFor('smtp.postmarkapp.com').check(siteKey));
    expect(records.spf).toMatchObject({
      status: 'wrong',
      verdict: 'The record does not authorise your relay (smtp.postmarkapp.com).',
      suggested: 'v=spf1 include:_spf.google.com include:spf.mtasv.net ~all',
    });
    expect(records.dkim).toMatchObject({
      status: 'wrong',
      verdict: "The published key does not match the site's key.",
    });
    expect(records.dmarc).toMatchObject({
      status: 'found',
      verdict: 'DMARC record found, monitoring only (p=none).',
      fix: 'Once its reports show your mail passes SPF and DKIM, raise it to p=quarantine.',
    });

    dns.txt.set('example.com', ['v=spf1 +all', 'v=spf1 mx -all']);
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=none', 'v=DMARC1; p=reject']);
    const doubled = byKind(await checkerFor('smtp.postmarkapp.com').check(siteKey, true));
    expect(doubled.spf).toMatchObject({ status: 'wrong', fix: 'Merge them into one TXT record.' });
    expect(doubled.dmarc).toMatchObject({ status: 'wrong', fix: 'Keep exactly one.' });
    dns.txt.set('example.com', ['v=spf1 +all']);
    expect(byKind(await checkerFor(null).check(null)).spf).toMatchObject({ status: 'wrong', suggested: 'v=spf1 ~all' });
  });

  it('says DNS is unreachable, quickly, when the server never answers', async () => {
    const silent = await startSilentDns();
    try {
      // Quick by construction, counted rather than timed: one query per record, never retried, each
      // bounded by the lookup's time limit (500 ms here); a hang fails by the test's timeout.
      const result = await checkerFor('smtp.postmarkapp.com', [silent.server]).check(siteKey);
      expect(silent.queries(), 'queries the silent server received').toBeLessThanOrEqual(3);
      expect(result.dnsReachable).toBe(false);
      expect(result.records.map((record) => record.status)).toEqual(['unreachable', 'unreachable', 'unreachable']);
    } finally {
      await silent.close();
    }
  });

  it('caches answers for a few minutes; fresh asks again', async () => {
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=reject']);
    const checker = checkerFor(null);
    await checker.check(null);
    const asked = dns.questions.length;
    expect(byKind(await checker.check(null)).dmarc).toMatchObject({ status: 'found' });
    expect(dns.questions.length).toBe(asked);
    dns.txt.delete('_dmarc.example.com');
    expect(byKind(await checker.check(null, true)).dmarc).toMatchObject({ status: 'missing' });
    expect(dns.questions.length).toBeGreaterThan(asked);
  });
});

describe('DKIM key generator and signing, over REST', () => {
  let relay: SmtpInbox;
  let t: TestApp;
  let session: string;

  beforeAll(async () => {
    relay = await startSmtpInbox();
    t = await createTestApp(
      { SMTP_URL: relay.url, MAIL_FROM: 'Delphine Rook <news@example.com>', PUBLIC_URL: 'https://site.example' },
      { dnsServers: [dns.server] },
    );
    session = await openAdminSession(t.services);
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> | null = null,
  ) => t.app.inject({ method, url, payload, headers: headers ?? adminHeaders(session) });

  it('is for the admin only, and refuses a bad selector or domain', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/mail/sender-check'],
      ['GET', '/api/admin/mail/dkim'],
      ['POST', '/api/admin/mail/dkim'],
    ] as const)
      expect((await inject(method, url, { selector: 'a', domain: 'example.com' }, {})).statusCode).toBe(401);
    const bad = await Promise.all(
      [
        { selector: 'two words', domain: 'example.com' },
        { selector: 'site', domain: 'not a domain' },
        { selector: 'x'.repeat(70), domain: 'example.com' },
        { selector: 'site' },
        {},
      ].map((body) => inject('POST', '/api/admin/mail/dkim', body)),
    );
    expect(bad.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect((await inject('GET', '/api/admin/mail/dkim')).json()).toMatchObject({
      configured: false,
      domain: 'example.com',
    });
  });

  it('generates a key, shows its DNS record, and signs every message so that it verifies', async () => {
    const generated = await inject('POST', '/api/admin/mail/dkim', { selector: 'Site2026', domain: 'example.com' });
    expect(generated.statusCode).toBe(201);
    const key = generated.json<{ configured: boolean; record: { name: string; value: string } }>();
    expect(key).toMatchObject({ configured: true, selector: 'site2026', domain: 'example.com' });
    expect(key.record.name).toBe('site2026._domainkey.example.com');
    expect(key.record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{360,}=*$/);
    expect(JSON.stringify(key)).not.toContain('PRIVATE');

    // Before the record is published, the check says so; after, it matches.
    expect((await inject('GET', '/api/admin/mail/sender-check?fresh=1')).json()).toMatchObject({
      dnsReachable: true,
      records: [
        { kind: 'spf', status: 'missing' },
        { kind: 'dkim', status: 'missing' },
        { kind: 'dmarc', status: 'missing' },
      ],
    });
    dns.txt.set(key.record.name, [key.record.value]);
    const checked = (await inject('GET', '/api/admin/mail/sender-check?fresh=1')).json<{
      records: { kind: string; status: string }[];
    }>();
    expect(checked.records.find((record) => record.kind === 'dkim')).toMatchObject({ status: 'found' });

    const admin = t.callerWithKey(session);
    expect(await admin.senderCheck.dkimKey()).toEqual(key);
    await t.services.mailer.send({ to: 'reader@reader.example', subject: 'Signed', html: '<p>Hi</p>', text: 'Hi' });
    const received = relay.to('reader@reader.example').at(-1)!;
    expect(received.headers.get('dkim-signature')).toContain('s=site2026');
    const resolver = new Resolver({ timeout: 1_000, tries: 1 });
    resolver.setServers([dns.server]);
    const verified = await dkimVerify(Buffer.from(received.raw), {
      resolver: (name: string, type: string) => resolver.resolve(name, type as 'TXT'),
    });
    expect(verified.results.map((result) => result.status.result)).toEqual(['pass']);
    expect(verified.results[0]).toMatchObject({ signingDomain: 'example.com', selector: 'site2026' });

    // A record of another key fails verification: the check is not a rubber stamp.
    dns.txt.set(key.record.name, [`v=DKIM1; k=rsa; p=${siteKey.publicKey}`]);
    const forged = await dkimVerify(Buffer.from(received.raw), {
      resolver: (name: string, type: string) => resolver.resolve(name, type as 'TXT'),
    });
    expect(forged.results[0]!.status.result).not.toBe('pass');
  });
});
