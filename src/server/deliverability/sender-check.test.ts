import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { spf as spfVerify } from 'mailauth/lib/spf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isSoundSuggestion, nonPublicAddressReason } from '../../domain/mail-auth-records.js';
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
beforeEach(() => {
  dns.txt.clear();
  dns.addresses.clear();
  dns.rcodes.clear();
  dns.exists.clear();
  for (const tld of ['com', 'net', 'org']) dns.exists.add(tld);
});

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
    dns.exists.add('example.com');
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
      state: 'no-key',
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
      state: 'wrong',
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
    expect(doubled.spf).toMatchObject({
      status: 'wrong',
      fix: 'Merge them into one TXT record.',
      // The sound terms of both, the relay's include, and the stricter ending.
      suggested: 'v=spf1 mx include:spf.mtasv.net -all',
    });
    expect(doubled.dmarc).toMatchObject({ status: 'wrong', fix: 'Keep exactly one.' });
    dns.txt.set('example.com', ['v=spf1 +all']);
    expect(byKind(await checkerFor(null).check(null, true)).spf).toMatchObject({
      status: 'wrong',
      verdict: 'The record is unsafe: "+all" lets any server on the internet send as your domain.',
      suggested: 'v=spf1 mx ~all',
    });
  });

  it('says DNS is unreachable, quickly, when the server never answers', async () => {
    const silent = await startSilentDns();
    try {
      // Quick by construction, counted rather than timed: one query per record, never retried, each
      // bounded by the lookup's time limit (500 ms here); a hang fails by the test's timeout.
      const result = await checkerFor('smtp.postmarkapp.com', [silent.server]).check(siteKey);
      expect(silent.queries(), 'queries the silent server received').toBeLessThanOrEqual(3);
      expect(result.dnsReachable).toBe(false);
      expect(result.dnsProblem).toEqual({
        reason: 'timeout',
        message: 'DNS did not answer in time, so the records could not be checked.',
      });
      expect(result.records.map((record) => record.status)).toEqual(['unreachable', 'unreachable', 'unreachable']);
      expect(result.records.map((record) => record.state)).toEqual(['no-answer', 'no-answer', 'no-answer']);
      expect(result.records.map((record) => record.suggested)).toEqual([null, null, null]);
    } finally {
      await silent.close();
    }
  });

  it('tells a refusing or failing resolver, and one that knows no domain at all, from records that are missing', async () => {
    dns.txt.set('example.com', ['v=spf1 include:spf.mtasv.net ~all']);
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=reject']);
    for (const [rcode, reason, verdict] of [
      [5, 'refused', 'The DNS resolver refused to answer, so this record could not be checked.'],
      [
        2,
        'servfail',
        'The DNS resolver answered SERVFAIL (it could not get an answer from the domain’s name servers), so this record could not be checked.',
      ],
    ] as const) {
      for (const name of ['example.com', '_dmarc.example.com', 'site2026._domainkey.example.com'])
        dns.rcodes.set(name, rcode);
      const result = await checkerFor('smtp.postmarkapp.com').check(siteKey, true);
      expect(result).toMatchObject({ dnsReachable: false, dnsProblem: { reason } });
      for (const record of result.records)
        expect(record).toMatchObject({ status: 'unreachable', state: 'no-answer', verdict, suggested: null });
    }

    // A resolver cut off from the internet says NXDOMAIN for every name, example.com included: that
    // is no answer, not "missing" (example.com publishes SPF and DMARC).
    dns.rcodes.clear();
    dns.exists.clear();
    dns.txt.clear();
    const cutOff = await checkerFor(null).check(null, true);
    expect(cutOff.dnsProblem).toEqual({
      reason: 'no-internet',
      message:
        'The DNS resolver says even the top-level domain .com does not exist: it does not reach the internet’s DNS, so the records could not be checked.',
    });
    expect(cutOff.records.map((record) => [record.kind, record.state])).toEqual([
      ['spf', 'no-answer'],
      ['dkim', 'no-key'],
      ['dmarc', 'no-answer'],
    ]);
  });

  it('says when the domain does not exist (NXDOMAIN) and when it has no TXT record', async () => {
    const gone = byKind(
      await new SenderCheck({ domain: 'no-such-domain.com', relayHost: null, servers: [dns.server] }).check(null),
    );
    expect(gone.spf).toMatchObject({
      status: 'missing',
      state: 'no-domain',
      verdict: 'The domain no-such-domain.com does not exist in DNS (NXDOMAIN): receivers refuse mail from it.',
      suggested: null,
    });
    expect(gone.dmarc).toMatchObject({ status: 'missing', state: 'no-domain', suggested: null });

    dns.exists.add('example.com');
    const bare = await checkerFor(null).check(null, true);
    expect(bare.dnsProblem).toBeNull();
    expect(byKind(bare).spf).toMatchObject({ status: 'missing', state: 'no-record', suggested: 'v=spf1 mx ~all' });
    expect(byKind(bare).dmarc).toMatchObject({ status: 'missing', state: 'no-record' });
  });

  it('finds wrong SPF and DMARC records with the parser and suggests sound ones', async () => {
    const cases: [string[], string, string | null][] = [
      [
        ['v=spf1 a:127.0.0.1 ~all'],
        'The record is not valid SPF, so receivers ignore it: "a:127.0.0.1": a: takes a domain name; an address needs ip4: (e.g. ip4:127.0.0.1).',
        'v=spf1 include:spf.mtasv.net ~all',
      ],
      [
        ['v=spf1 ip4:192.168.1.20 include:spf.mtasv.net -all'],
        'The record is unsafe: "ip4:192.168.1.20" names a private address: receivers on the internet never see mail from it.',
        'v=spf1 include:spf.mtasv.net -all',
      ],
      [
        ['v=spf1 include:spf.mtasv.net +all'],
        'The record is unsafe: "+all" lets any server on the internet send as your domain.',
        'v=spf1 include:spf.mtasv.net ~all',
      ],
    ];
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=reject; pct=250']);
    for (const [published, verdict, suggested] of cases) {
      dns.txt.set('example.com', published);
      const records = byKind(await checkerFor('smtp.postmarkapp.com').check(null, true));
      expect(records.spf).toMatchObject({ status: 'wrong', state: 'wrong', found: published[0], verdict, suggested });
      expect(records.spf!.problems.length).toBeGreaterThan(0);
    }
    const records = byKind(await checkerFor('smtp.postmarkapp.com').check(null, true));
    expect(records.dmarc).toMatchObject({
      status: 'wrong',
      state: 'wrong',
      verdict: 'The record is not valid DMARC: "pct=250" is not a valid value for pct.',
      suggested: 'v=DMARC1; p=reject; rua=mailto:postmaster@example.com',
    });
    dns.txt.set('_dmarc.example.com', ['v=DMARC1; p=block']);
    expect(byKind(await checkerFor(null).check(null, true)).dmarc).toMatchObject({
      state: 'wrong',
      verdict: 'The record has no valid policy (p=none, quarantine or reject).',
      suggested: 'v=DMARC1; p=none; rua=mailto:postmaster@example.com',
    });
  });

  it('suggests, for every relay, only records that parse and name no loopback or private address', async () => {
    dns.exists.add('example.com');
    dns.addresses.set('relay.internal-example.com', ['10.0.0.25']);
    dns.addresses.set('smtp.example.net', ['203.0.114.25']);
    const relays: [string | null, string][] = [
      [null, 'v=spf1 mx ~all'],
      ['127.0.0.1', 'v=spf1 a mx ~all'],
      ['localhost', 'v=spf1 a mx ~all'],
      ['::1', 'v=spf1 a mx ~all'],
      ['192.168.1.5', 'v=spf1 a mx ~all'],
      ['mailhog', 'v=spf1 a mx ~all'],
      ['postfix.internal', 'v=spf1 a mx ~all'],
      ['relay.internal-example.com', 'v=spf1 a mx ~all'],
      ['203.0.114.9', 'v=spf1 ip4:203.0.114.9 ~all'],
      ['2a01:4f8::25', 'v=spf1 ip6:2a01:4f8::25 ~all'],
      ['smtp.example.net', 'v=spf1 a:smtp.example.net ~all'],
      ['email-smtp.eu-west-1.amazonaws.com', 'v=spf1 include:amazonses.com ~all'],
    ];
    const seen: string[] = [];
    for (const [relay, expected] of relays) {
      for (const published of [[], ['v=spf1 a:127.0.0.1 +all']]) {
        dns.txt.set('example.com', published);
        const result = await checkerFor(relay).check(null, true);
        for (const record of result.records.filter((verdict) => verdict.suggested)) {
          const suggested = record.suggested!;
          seen.push(suggested);
          if (record.kind !== 'dkim') expect(isSoundSuggestion(record.kind, suggested), suggested).toBe(true);
          for (const word of suggested.split(/[\s:;=/]+/)) expect(nonPublicAddressReason(word), suggested).toBeNull();
        }
        expect(byKind(result).spf!.suggested, `${relay}`).toBe(expected);
        if (relay && expected === 'v=spf1 a mx ~all')
          expect(byKind(result).spf!.fix).toContain(`Your relay (${relay})`);
      }
    }
    // An independent SPF evaluator (mailauth) finds no permanent error in any of them.
    for (const record of new Set(seen.filter((text) => text.startsWith('v=spf1')))) {
      const result = await spfVerify({
        sender: 'news@example.com',
        ip: '203.0.114.25',
        helo: 'mta.example.com',
        mta: 'mx.receiver.example',
        resolver: async (name: string, type: string) => {
          if (type === 'TXT') return name === 'example.com' ? [[record]] : [['v=spf1 -all']];
          // mailauth's resolver type knows no MX answers; its evaluator reads them.
          if (type === 'MX') return [{ exchange: 'mx.example.com', priority: 10 }] as unknown as string[];
          return type === 'A' ? ['203.0.114.25'] : [];
        },
      });
      expect(result.status.result, record).not.toMatch(/permerror|temperror/);
    }
  });

  it('caches answers for a few minutes; fresh asks again', async () => {
    dns.exists.add('example.com');
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
    dns.exists.add('example.com');
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
