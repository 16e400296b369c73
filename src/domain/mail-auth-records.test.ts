import { describe, expect, it } from 'vitest';
import { isSoundSuggestion, nonPublicAddressReason, parseDmarcRecord, parseSpfRecord } from './mail-auth-records.js';

const severities = (record: string) => parseSpfRecord(record).problems.map((problem) => problem.severity);

describe('SPF parser (RFC 7208)', () => {
  it('accepts sound records', () => {
    for (const record of [
      'v=spf1 include:amazonses.com ~all',
      'v=spf1 mx a:mail.example.com ip4:203.0.114.7/24 ip6:2a01:4f8::1/64 -all',
      'v=spf1 a mx ~all',
      'V=SPF1 MX -ALL',
      'v=spf1 exists:%{i}._spf.example.com ?all',
      'v=spf1 a/24//64 mx:example.com/28 ~all',
      'v=spf1 redirect=_spf.example.com',
      'v=spf1 include:_spf.google.com exp=explain.example.com ~all',
    ])
      expect(parseSpfRecord(record), record).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses an address after a: and says it needs ip4:', () => {
    const parsed = parseSpfRecord('v=spf1 a:127.0.0.1 ~all');
    expect(parsed.ok).toBe(false);
    expect(parsed.problems[0]).toEqual({
      severity: 'invalid',
      message: '"a:127.0.0.1": a: takes a domain name; an address needs ip4: (e.g. ip4:127.0.0.1).',
    });
    expect(parsed.terms).toEqual([
      { text: 'a:127.0.0.1', sound: false },
      { text: '~all', sound: true },
    ]);
  });

  it('finds syntax errors', () => {
    for (const record of [
      'v=spf1 ip4:300.1.1.1 ~all',
      'v=spf1 ip4:1.2.3.4/33 ~all',
      'v=spf1 ip6:2001:db8:::1 ~all',
      'v=spf1 ip4:2a01:4f8::1 ~all',
      'v=spf1 include ~all',
      'v=spf1 include:localhost ~all',
      'v=spf1 mx:exa%mple.com ~all',
      'v=spf1 all:example.com',
      'v=spf1 ptr/24 ~all',
      'v=spf1 foo ~all',
      'v=spf1 redirect=a.example.com redirect=b.example.com',
      `v=spf1 ${Array.from({ length: 11 }, (_, index) => `include:s${index}.example.com`).join(' ')} ~all`,
    ])
      expect(severities(record), record).toContain('invalid');
    expect(parseSpfRecord('v=spf2.0/pra ~all').problems).toEqual([
      { severity: 'invalid', message: 'An SPF record starts with "v=spf1".' },
    ]);
  });

  it('calls +all and local addresses unsafe, ptr and a missing all advice', () => {
    expect(severities('v=spf1 +all')).toEqual(['unsafe']);
    expect(severities('v=spf1 mx all')).toEqual(['unsafe']);
    expect(severities('v=spf1 ip4:127.0.0.1 ~all')).toEqual(['unsafe']);
    expect(severities('v=spf1 ip4:192.168.1.10 ip6:fd00::1 ip6:::1 ~all')).toEqual(['unsafe', 'unsafe', 'unsafe']);
    expect(severities('v=spf1 ptr ~all')).toEqual(['advice']);
    expect(severities('v=spf1 mx')).toEqual(['advice']);
    expect(parseSpfRecord('v=spf1 mx').ok).toBe(true);
  });
});

describe('DMARC parser (RFC 7489)', () => {
  it('accepts sound records', () => {
    for (const record of [
      'v=DMARC1; p=none; rua=mailto:postmaster@example.com',
      'v=DMARC1;p=reject;sp=quarantine;adkim=s;aspf=r;pct=50;fo=0:1:d;ri=86400;',
      'v=DMARC1; p=quarantine; rua=mailto:a@example.com!10m,mailto:b@example.net',
    ])
      expect(parseDmarcRecord(record), record).toMatchObject({ ok: true, problems: [] });
    expect(parseDmarcRecord('v=DMARC1; p=reject').policy).toBe('reject');
  });

  it('finds what is wrong', () => {
    for (const record of [
      'v=DMARC1; rua=mailto:a@example.com',
      'v=DMARC1; p=block',
      'v=DMARC1; p=none; p=reject',
      'v=DMARC1; p=none; pct=150',
      'v=DMARC1; p=none; rua=postmaster@example.com',
      'v=DMARC1; p=none; adkim=x',
      'p=none; v=DMARC1',
      'v=dmarc1; p=none',
    ])
      expect(parseDmarcRecord(record).ok, record).toBe(false);
    expect(parseDmarcRecord('v=DMARC1; p=none; colour=blue').problems).toEqual([
      { severity: 'advice', message: '"colour" is not a DMARC tag; receivers ignore it.' },
    ]);
  });
});

describe('addresses', () => {
  it('tells public from loopback, private and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      'localhost',
      'mail.localhost',
    ])
      expect(nonPublicAddressReason(address), address).not.toBeNull();
    for (const address of ['203.0.114.7', '8.8.8.8', '2a01:4f8::1', 'smtp.example.com'])
      expect(nonPublicAddressReason(address), address).toBeNull();
  });

  it('a suggestion is sound only with no problem at all', () => {
    expect(isSoundSuggestion('spf', 'v=spf1 a:127.0.0.1 ~all')).toBe(false);
    expect(isSoundSuggestion('spf', 'v=spf1 ip4:127.0.0.1 ~all')).toBe(false);
    expect(isSoundSuggestion('spf', 'v=spf1 mx')).toBe(false);
    expect(isSoundSuggestion('spf', 'v=spf1 include:amazonses.com ~all')).toBe(true);
    expect(isSoundSuggestion('dmarc', 'v=DMARC1; p=none; rua=mailto:postmaster@example.com')).toBe(true);
  });
});
