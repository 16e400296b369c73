import { createHash } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { DnsRecordVerdict, SenderCheckResult } from '../../domain/sender-check.schema.js';

/** A lookup waits this long for an answer (once: no retries), so the page never hangs. */
const LOOKUP_TIMEOUT_MS = 2_000;
/** Answers are kept this long; "Check again" asks afresh. */
const CACHE_MS = 5 * 60_000;

/** The SPF mechanism each well-known relay documents, by the relay host's name. */
const RELAY_SPF: [RegExp, string][] = [
  [/(^|\.)amazonaws\.com$/, 'include:amazonses.com'],
  [/(^|\.)postmarkapp\.com$/, 'include:spf.mtasv.net'],
  [/(^|\.)mailgun\.org$/, 'include:mailgun.org'],
  [/(^|\.)sendgrid\.net$/, 'include:sendgrid.net'],
  [/(^|\.)(brevo|sendinblue)\.com$/, 'include:spf.brevo.com'],
  [/(^|\.)(gmail|google|googlemail)\.com$/, 'include:_spf.google.com'],
  [/(^|\.)mailjet\.com$/, 'include:spf.mailjet.com'],
  [/(^|\.)messagingengine\.com$/, 'include:spf.messagingengine.com'],
];

type Lookup = { records: string[] } | { unreachable: true };

export type SenderCheckOptions = {
  /** MAIL_FROM's domain. */
  domain: string;
  /** SMTP_URL's host; null while mail goes to the outbox. */
  relayHost: string | null;
  /** DNS servers (`ip` or `ip:port`); the system's by default. */
  servers?: string[];
  timeoutMs?: number;
};

export type SiteDkimKey = { selector: string; domain: string; publicKey: string } | null;

const tagsOf = (record: string) =>
  new Map(
    record
      .split(';')
      .map((tag) => tag.trim().split('='))
      .filter((pair) => pair.length >= 2)
      .map(([name, ...value]) => [name!.trim().toLowerCase(), value.join('=').trim()]),
  );

function spfVerdict(name: string, lookup: Lookup, relayHost: string | null): DnsRecordVerdict {
  const base = { kind: 'spf' as const, name };
  if ('unreachable' in lookup) return unreachable(base);
  const needed = relayHost ? (RELAY_SPF.find(([host]) => host.test(relayHost))?.[1] ?? null) : null;
  const mechanism = needed ?? (relayHost ? `a:${relayHost}` : 'mx');
  const suggested = `v=spf1 ${mechanism} ~all`;
  const spf = lookup.records.filter((record) => /^v=spf1(\s|$)/i.test(record));
  if (spf.length === 0)
    return {
      ...base,
      status: 'missing',
      found: null,
      verdict: 'No SPF record: receivers cannot tell which servers may send as your domain.',
      fix: `Add a TXT record at ${name}.`,
      suggested,
    };
  const record = spf[0]!;
  if (spf.length > 1)
    return {
      ...base,
      status: 'wrong',
      found: spf.join(' | '),
      verdict: 'More than one SPF record: receivers treat that as an error.',
      fix: 'Merge them into one TXT record.',
      suggested: null,
    };
  if (/(^|\s)\+?all(\s|$)/i.test(record))
    return {
      ...base,
      status: 'wrong',
      found: record,
      verdict: 'The record ends in +all: it lets any server on the internet send as your domain.',
      fix: 'End it with ~all (or -all) instead.',
      suggested: record.replace(/(^|\s)\+?all(\s|$)/i, '$1~all$2'),
    };
  if (needed && !record.toLowerCase().split(/\s+/).includes(needed))
    return {
      ...base,
      status: 'wrong',
      found: record,
      verdict: `The record does not authorise your relay (${relayHost}).`,
      fix: `Add ${needed} before the all at the end.`,
      suggested: record.replace(/\s+([~?-]?all)\s*$/i, ` ${needed} $1`),
    };
  const note = relayHost && !needed ? ` Make sure it covers your relay (${relayHost}).` : '';
  return { ...base, status: 'found', found: record, verdict: `SPF record found.${note}`, fix: null, suggested: null };
}

function dkimVerdict(domain: string, key: SiteDkimKey, lookup: Lookup | null): DnsRecordVerdict {
  if (!key || !lookup)
    return {
      kind: 'dkim',
      name: `<selector>._domainkey.${domain}`,
      status: 'missing',
      found: null,
      verdict: 'The site does not sign its mail with DKIM yet.',
      fix: 'Generate a key below and publish its record (or, if your mail provider signs for you, publish the record it gives you).',
      suggested: null,
    };
  const name = `${key.selector}._domainkey.${key.domain}`;
  const suggested = `v=DKIM1; k=rsa; p=${key.publicKey}`;
  const base = { kind: 'dkim' as const, name };
  if ('unreachable' in lookup) return unreachable(base);
  const aligned = domain === key.domain || domain.endsWith(`.${key.domain}`) || key.domain.endsWith(`.${domain}`);
  if (!aligned)
    return {
      ...base,
      status: 'wrong',
      found: null,
      verdict: `The site's key signs for ${key.domain}, not for ${domain}: DMARC needs them to match.`,
      fix: `Generate a key for ${domain}.`,
      suggested: null,
    };
  const record = lookup.records.find((found) => /(^|;)\s*p=/i.test(found) || /^v=DKIM1/i.test(found));
  if (!record)
    return {
      ...base,
      status: 'missing',
      found: null,
      verdict: 'The site signs with a DKIM key that is not published: receivers cannot verify the signature.',
      fix: `Add a TXT record at ${name}.`,
      suggested,
    };
  const published = (tagsOf(record).get('p') ?? '').replace(/\s+/g, '');
  if (published !== key.publicKey)
    return {
      ...base,
      status: 'wrong',
      found: record,
      verdict: published
        ? "The published key does not match the site's key."
        : 'The published key is revoked (empty p=).',
      fix: `Replace the TXT record at ${name}.`,
      suggested,
    };
  return {
    ...base,
    status: 'found',
    found: record,
    verdict: "DKIM record found; it matches the site's key.",
    fix: null,
    suggested: null,
  };
}

function dmarcVerdict(domain: string, lookup: Lookup): DnsRecordVerdict {
  const name = `_dmarc.${domain}`;
  const base = { kind: 'dmarc' as const, name };
  if ('unreachable' in lookup) return unreachable(base);
  const suggested = `v=DMARC1; p=none; rua=mailto:postmaster@${domain}`;
  const dmarc = lookup.records.filter((record) => /^v=DMARC1\s*(;|$)/i.test(record));
  if (dmarc.length === 0)
    return {
      ...base,
      status: 'missing',
      found: null,
      verdict: 'No DMARC record: Gmail and Yahoo require one from bulk senders.',
      fix: `Add a TXT record at ${name}.`,
      suggested,
    };
  if (dmarc.length > 1)
    return {
      ...base,
      status: 'wrong',
      found: dmarc.join(' | '),
      verdict: 'More than one DMARC record: receivers ignore them all.',
      fix: 'Keep exactly one.',
      suggested,
    };
  const record = dmarc[0]!;
  const policy = (tagsOf(record).get('p') ?? '').toLowerCase();
  if (!['none', 'quarantine', 'reject'].includes(policy))
    return {
      ...base,
      status: 'wrong',
      found: record,
      verdict: 'The record has no valid policy (p=none, quarantine or reject).',
      fix: 'Set a policy.',
      suggested,
    };
  if (policy === 'none')
    return {
      ...base,
      status: 'found',
      found: record,
      verdict: 'DMARC record found, monitoring only (p=none).',
      fix: 'Once its reports show your mail passes SPF and DKIM, raise it to p=quarantine.',
      suggested: null,
    };
  return {
    ...base,
    status: 'found',
    found: record,
    verdict: `DMARC record found (p=${policy}).`,
    fix: null,
    suggested: null,
  };
}

function unreachable(base: Pick<DnsRecordVerdict, 'kind' | 'name'>): DnsRecordVerdict {
  return {
    ...base,
    status: 'unreachable',
    found: null,
    verdict: 'DNS did not answer in time, so this record could not be checked.',
    fix: 'Check again in a minute; if it persists, the server cannot reach its DNS resolver.',
    suggested: null,
  };
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

/**
 * The SPF, DKIM and DMARC records of MAIL_FROM's domain with a verdict and a fix for each (Settings
 * → Mail). Lookups have a short timeout and no retries; answers are cached for a few minutes.
 */
export class SenderCheck {
  private readonly cache = new Map<string, { result: SenderCheckResult; until: number }>();

  constructor(private readonly options: SenderCheckOptions) {}

  /** MAIL_FROM's domain, whose records are checked. */
  get domain(): string {
    return this.options.domain;
  }

  /** Drops cached answers (a new key was generated). */
  forget(): void {
    this.cache.clear();
  }

  private resolver(): Resolver {
    const resolver = new Resolver({ timeout: this.options.timeoutMs ?? LOOKUP_TIMEOUT_MS, tries: 1 });
    if (this.options.servers?.length) resolver.setServers(this.options.servers);
    return resolver;
  }

  private async txt(resolver: Resolver, name: string): Promise<Lookup> {
    const limit = (this.options.timeoutMs ?? LOOKUP_TIMEOUT_MS) + 500;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Lookup>((resolve) => {
      timer = setTimeout(() => resolve({ unreachable: true }), limit);
    });
    const answer = resolver.resolveTxt(name).then(
      (records): Lookup => ({ records: records.map((chunks) => chunks.join('')) }),
      (error: NodeJS.ErrnoException): Lookup =>
        NO_RECORD.has(error.code ?? '') ? { records: [] } : { unreachable: true },
    );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async check(key: SiteDkimKey, fresh = false): Promise<SenderCheckResult> {
    const { domain, relayHost } = this.options;
    const cacheKey = `${key?.selector ?? ''}:${key?.domain ?? ''}:${key ? createHash('sha256').update(key.publicKey).digest('hex') : ''}`;
    const cached = this.cache.get(cacheKey);
    if (!fresh && cached && cached.until > Date.now()) return cached.result;
    const resolver = this.resolver();
    const [spf, dkim, dmarc] = await Promise.all([
      this.txt(resolver, domain),
      key ? this.txt(resolver, `${key.selector}._domainkey.${key.domain}`) : Promise.resolve(null),
      this.txt(resolver, `_dmarc.${domain}`),
    ]);
    resolver.cancel();
    const records = [spfVerdict(domain, spf, relayHost), dkimVerdict(domain, key, dkim), dmarcVerdict(domain, dmarc)];
    const dnsReachable = !records.some((record) => record.status === 'unreachable');
    const result: SenderCheckResult = { domain, checkedAt: new Date().toISOString(), dnsReachable, records };
    // An unreachable DNS is asked again next time rather than remembered.
    if (dnsReachable) this.cache.set(cacheKey, { result, until: Date.now() + CACHE_MS });
    return result;
  }
}
