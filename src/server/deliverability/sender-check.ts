import { createHash } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  isSoundSuggestion,
  nonPublicAddressReason,
  parseDmarcRecord,
  parseSpfRecord,
  type RecordProblem,
} from '../../domain/mail-auth-records.js';
import {
  STATUS_OF_STATE,
  type DnsNoAnswerReason,
  type DnsRecordState,
  type DnsRecordVerdict,
  type SenderCheckResult,
} from '../../domain/sender-check.schema.js';

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

/** What DNS said: records (possibly none of interest), no such record, no such name, or no answer. */
type Lookup =
  | { outcome: 'records'; records: string[] }
  | { outcome: 'no-record' }
  | { outcome: 'nxdomain' }
  | { outcome: 'no-answer'; reason: DnsNoAnswerReason; code: string };

/** Where the SPF suggestion comes from: the relay's documented include, its public address, or a local relay. */
type RelaySpf = { mechanism: string; local: string | null };

const LOCAL_SUFFIXES = /\.(local|localdomain|internal|lan|home\.arpa|intranet|corp|private)$/;

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

type Verdict = Omit<DnsRecordVerdict, 'status' | 'problems'> & { problems?: RecordProblem[] };

/** The verdict with its coarse status, and a suggestion only when the shared parser finds it sound. */
function verdict(record: Verdict & { state: DnsRecordState }): DnsRecordVerdict {
  const parserKind = record.kind === 'dkim' ? null : record.kind;
  const suggested =
    record.suggested && parserKind && !isSoundSuggestion(parserKind, record.suggested) ? null : record.suggested;
  return { ...record, status: STATUS_OF_STATE[record.state], problems: record.problems ?? [], suggested };
}

const NO_ANSWER_MESSAGES: Record<DnsNoAnswerReason, (code: string, tld: string) => string> = {
  timeout: () => 'DNS did not answer in time',
  servfail: () => 'The DNS resolver answered SERVFAIL (it could not get an answer from the domain’s name servers)',
  refused: () => 'The DNS resolver refused to answer',
  'no-internet': (_code, tld) =>
    `The DNS resolver says even the top-level domain .${tld} does not exist: it does not reach the internet’s DNS`,
  error: (code) => `The DNS lookup failed (${code})`,
};

function noAnswer(
  base: Pick<DnsRecordVerdict, 'kind' | 'name'>,
  lookup: Lookup & { outcome: 'no-answer' },
  tld: string,
) {
  return verdict({
    ...base,
    state: 'no-answer',
    found: null,
    verdict: `${NO_ANSWER_MESSAGES[lookup.reason](lookup.code, tld)}, so this record could not be checked.`,
    fix: 'Check again in a minute; if it persists, the server cannot reach a working DNS resolver.',
    suggested: null,
  });
}

const noDomainVerdict = (domain: string) =>
  `The domain ${domain} does not exist in DNS (NXDOMAIN): receivers refuse mail from it.`;
const noDomainFix = (domain: string) =>
  `Check MAIL_FROM's domain for a typo, or register ${domain} and publish its records.`;

/** Joins the sound terms of the published SPF record(s) with the relay's mechanism, ending in ~all (or -all). */
function repairedSpf(records: string[], relay: RelaySpf): string {
  const terms: string[] = [];
  let ending = '~all';
  for (const record of records)
    for (const term of parseSpfRecord(record).terms) {
      const lower = term.text.toLowerCase();
      if (/^[+?~-]?all$/.test(lower)) {
        if (lower === '-all' && term.sound) ending = '-all';
        continue;
      }
      if (term.sound && !terms.some((kept) => kept.toLowerCase() === lower)) terms.push(term.text);
    }
  for (const mechanism of relay.mechanism.split(' '))
    if (!terms.some((kept) => kept.toLowerCase() === mechanism)) terms.push(mechanism);
  const redirect = terms.findIndex((term) => /^redirect=/i.test(term));
  if (redirect >= 0) terms.splice(redirect, 1);
  return `v=spf1 ${terms.join(' ')} ${ending}`;
}

function spfVerdict(name: string, lookup: Lookup, relayHost: string | null, relay: RelaySpf, tld: string) {
  const base = { kind: 'spf' as const, name };
  if (lookup.outcome === 'no-answer') return noAnswer(base, lookup, tld);
  const suggested = `v=spf1 ${relay.mechanism} ~all`;
  const localNote = relay.local
    ? ` Your relay (${relayHost}) is ${relay.local}, which no receiver sees: the record names the public address your mail leaves from (a and mx cover it when that is this domain's own server; otherwise add ip4:<public address>).`
    : '';
  if (lookup.outcome === 'nxdomain')
    return verdict({
      ...base,
      state: 'no-domain',
      found: null,
      verdict: noDomainVerdict(name),
      fix: noDomainFix(name),
      suggested: null,
    });
  const records = lookup.outcome === 'records' ? lookup.records : [];
  const spf = records.filter((record) => /^v=spf1(\s|$)/i.test(record));
  if (spf.length === 0)
    return verdict({
      ...base,
      state: 'no-record',
      found: null,
      verdict: 'No SPF record: receivers cannot tell which servers may send as your domain.',
      fix: `Add a TXT record at ${name}.${localNote}`,
      suggested,
    });
  if (spf.length > 1)
    return verdict({
      ...base,
      state: 'wrong',
      found: spf.join(' | '),
      verdict: 'More than one SPF record: receivers treat that as an error and trust none of them.',
      fix: `Merge them into one TXT record.${localNote}`,
      suggested: repairedSpf(spf, relay),
      problems: [{ severity: 'invalid', message: 'More than one SPF record.' }],
    });
  const record = spf[0]!;
  const parsed = parseSpfRecord(record);
  const serious = parsed.problems.filter((problem) => problem.severity !== 'advice');
  if (serious.length > 0)
    return verdict({
      ...base,
      state: 'wrong',
      found: record,
      verdict: serious.some((problem) => problem.severity === 'invalid')
        ? `The record is not valid SPF, so receivers ignore it: ${serious.map((problem) => problem.message).join(' ')}`
        : `The record is unsafe: ${serious.map((problem) => problem.message).join(' ')}`,
      fix: `Replace it with the record below.${localNote}`,
      suggested: repairedSpf(spf, relay),
      problems: parsed.problems,
    });
  const needed = relay.local ? null : relay.mechanism;
  if (needed && !record.toLowerCase().split(/\s+/).includes(needed))
    return verdict({
      ...base,
      state: 'wrong',
      found: record,
      verdict: `The record does not authorise your relay (${relayHost}).`,
      fix: `Add ${needed} before the all at the end.`,
      suggested: repairedSpf(spf, relay),
      problems: parsed.problems,
    });
  const advice = parsed.problems.map((problem) => ` ${problem.message}`).join('');
  const note = relay.local ? localNote : '';
  return verdict({
    ...base,
    state: 'found',
    found: record,
    verdict: `SPF record found.${advice}${note}`,
    fix: null,
    suggested: null,
    problems: parsed.problems,
  });
}

function dkimVerdict(domain: string, key: SiteDkimKey, lookup: Lookup | null, tld: string): DnsRecordVerdict {
  if (!key || !lookup)
    return verdict({
      kind: 'dkim',
      name: `<selector>._domainkey.${domain}`,
      state: 'no-key',
      found: null,
      verdict: 'The site does not sign its mail with DKIM yet.',
      fix: 'Generate a key below and publish its record (or, if your mail provider signs for you, publish the record it gives you).',
      suggested: null,
    });
  const name = `${key.selector}._domainkey.${key.domain}`;
  const suggested = `v=DKIM1; k=rsa; p=${key.publicKey}`;
  const base = { kind: 'dkim' as const, name };
  if (lookup.outcome === 'no-answer') return noAnswer(base, lookup, tld);
  const aligned = domain === key.domain || domain.endsWith(`.${key.domain}`) || key.domain.endsWith(`.${domain}`);
  if (!aligned)
    return verdict({
      ...base,
      state: 'wrong',
      found: null,
      verdict: `The site's key signs for ${key.domain}, not for ${domain}: DMARC needs them to match.`,
      fix: `Generate a key for ${domain}.`,
      suggested: null,
    });
  const records = lookup.outcome === 'records' ? lookup.records : [];
  const record = records.find((found) => /(^|;)\s*p=/i.test(found) || /^v=DKIM1/i.test(found));
  if (!record)
    return verdict({
      ...base,
      state: 'no-record',
      found: null,
      verdict: 'The site signs with a DKIM key that is not published: receivers cannot verify the signature.',
      fix: `Add a TXT record at ${name}.`,
      suggested,
    });
  const published = (tagsOf(record).get('p') ?? '').replace(/\s+/g, '');
  if (published !== key.publicKey)
    return verdict({
      ...base,
      state: 'wrong',
      found: record,
      verdict: published
        ? "The published key does not match the site's key."
        : 'The published key is revoked (empty p=).',
      fix: `Replace the TXT record at ${name}.`,
      suggested,
    });
  return verdict({
    ...base,
    state: 'found',
    found: record,
    verdict: "DKIM record found; it matches the site's key.",
    fix: null,
    suggested: null,
  });
}

function dmarcVerdict(domain: string, lookup: Lookup, domainGone: boolean, tld: string): DnsRecordVerdict {
  const name = `_dmarc.${domain}`;
  const base = { kind: 'dmarc' as const, name };
  if (lookup.outcome === 'no-answer') return noAnswer(base, lookup, tld);
  if (domainGone)
    return verdict({
      ...base,
      state: 'no-domain',
      found: null,
      verdict: noDomainVerdict(domain),
      fix: noDomainFix(domain),
      suggested: null,
    });
  const suggestedFor = (policy: string | null) => `v=DMARC1; p=${policy ?? 'none'}; rua=mailto:postmaster@${domain}`;
  const records = lookup.outcome === 'records' ? lookup.records : [];
  const dmarc = records.filter((record) => /^v\s*=\s*dmarc1\s*(;|$)/i.test(record));
  if (dmarc.length === 0)
    return verdict({
      ...base,
      state: 'no-record',
      found: null,
      verdict: 'No DMARC record: Gmail and Yahoo require one from bulk senders.',
      fix: `Add a TXT record at ${name}.`,
      suggested: suggestedFor(null),
    });
  if (dmarc.length > 1)
    return verdict({
      ...base,
      state: 'wrong',
      found: dmarc.join(' | '),
      verdict: 'More than one DMARC record: receivers ignore them all.',
      fix: 'Keep exactly one.',
      suggested: suggestedFor(null),
      problems: [{ severity: 'invalid', message: 'More than one DMARC record.' }],
    });
  const record = dmarc[0]!;
  const parsed = parseDmarcRecord(record);
  if (!parsed.ok)
    return verdict({
      ...base,
      state: 'wrong',
      found: record,
      verdict: parsed.policy
        ? `The record is not valid DMARC: ${parsed.problems.map((problem) => problem.message).join(' ')}`
        : 'The record has no valid policy (p=none, quarantine or reject).',
      fix: parsed.policy ? 'Replace it with the record below (or correct the tags named).' : 'Set a policy.',
      suggested: suggestedFor(parsed.policy),
      problems: parsed.problems,
    });
  const advice = parsed.problems.map((problem) => ` ${problem.message}`).join('');
  if (parsed.policy === 'none')
    return verdict({
      ...base,
      state: 'found',
      found: record,
      verdict: `DMARC record found, monitoring only (p=none).${advice}`,
      fix: 'Once its reports show your mail passes SPF and DKIM, raise it to p=quarantine.',
      suggested: null,
      problems: parsed.problems,
    });
  return verdict({
    ...base,
    state: 'found',
    found: record,
    verdict: `DMARC record found (p=${parsed.policy}).${advice}`,
    fix: null,
    suggested: null,
    problems: parsed.problems,
  });
}

const NO_ANSWER_CODES: Record<string, DnsNoAnswerReason> = {
  ETIMEOUT: 'timeout',
  ESERVFAIL: 'servfail',
  EREFUSED: 'refused',
  ECONNREFUSED: 'refused',
};

/** The relay as SPF knows it: a documented include, its public address, or a local relay (never named). */
function relaySpfOf(relayHost: string | null, relayAddresses: string[] | null): RelaySpf {
  if (!relayHost) return { mechanism: 'mx', local: null };
  const host = relayHost.toLowerCase().replace(/^\[|\]$/g, '');
  const known = RELAY_SPF.find(([pattern]) => pattern.test(host))?.[1];
  if (known) return { mechanism: known, local: null };
  const literal = isIP(host);
  const local =
    nonPublicAddressReason(host) ??
    (!literal && (!host.includes('.') || LOCAL_SUFFIXES.test(host)) ? 'a name on a private network' : null) ??
    (relayAddresses?.length && relayAddresses.every((address) => nonPublicAddressReason(address))
      ? 'a name for private addresses'
      : null);
  if (local) return { mechanism: 'a mx', local };
  if (literal) return { mechanism: `ip${literal}:${host}`, local: null };
  return { mechanism: `a:${host}`, local: null };
}

/**
 * The SPF, DKIM and DMARC records of MAIL_FROM's domain with a verdict and a fix for each (Settings
 * → Mail). Lookups have a short timeout and no retries; answers are cached for a few minutes. DNS's
 * answers are told apart: no answer (timeout, SERVFAIL, refused), no such domain, no record, a wrong one.
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

  private async ask(question: () => Promise<string[][] | string[]>): Promise<Lookup> {
    const limit = (this.options.timeoutMs ?? LOOKUP_TIMEOUT_MS) + 500;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Lookup>((resolve) => {
      timer = setTimeout(() => resolve({ outcome: 'no-answer', reason: 'timeout', code: 'ETIMEOUT' }), limit);
    });
    const answer = question().then(
      (records): Lookup => ({
        outcome: 'records',
        records: records.map((chunks) => (Array.isArray(chunks) ? chunks.join('') : chunks)),
      }),
      (error: NodeJS.ErrnoException): Lookup => {
        const code = error.code ?? 'ERROR';
        if (code === 'ENODATA') return { outcome: 'no-record' };
        if (code === 'ENOTFOUND') return { outcome: 'nxdomain' };
        return { outcome: 'no-answer', reason: NO_ANSWER_CODES[code] ?? 'error', code };
      },
    );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The relay's addresses, to tell a relay on a private network (null: not a name worth asking about). */
  private async relayAddresses(resolver: Resolver): Promise<string[] | null> {
    const host = this.options.relayHost;
    if (!host || isIP(host) || !host.includes('.') || RELAY_SPF.some(([pattern]) => pattern.test(host))) return null;
    const [v4, v6] = await Promise.all([
      this.ask(() => resolver.resolve4(host)),
      this.ask(() => resolver.resolve6(host)),
    ]);
    return [v4, v6].flatMap((lookup) => (lookup.outcome === 'records' ? lookup.records : []));
  }

  async check(key: SiteDkimKey, fresh = false): Promise<SenderCheckResult> {
    const { domain, relayHost } = this.options;
    const cacheKey = `${key?.selector ?? ''}:${key?.domain ?? ''}:${key ? createHash('sha256').update(key.publicKey).digest('hex') : ''}`;
    const cached = this.cache.get(cacheKey);
    if (!fresh && cached && cached.until > Date.now()) return cached.result;
    const resolver = this.resolver();
    const tld = domain.split('.').at(-1) ?? domain;
    const [spfLookup, dkimLookup, dmarcLookup, relayAddresses] = await Promise.all([
      this.ask(() => resolver.resolveTxt(domain)),
      key ? this.ask(() => resolver.resolveTxt(`${key.selector}._domainkey.${key.domain}`)) : Promise.resolve(null),
      this.ask(() => resolver.resolveTxt(`_dmarc.${domain}`)),
      this.relayAddresses(resolver),
    ]);
    let [spf, dkim, dmarc] = [spfLookup, dkimLookup, dmarcLookup];
    // "No such domain" is believed only from a resolver that knows the top-level domain: one cut off
    // from the internet (or filtering) answers NXDOMAIN for every name, example.com included.
    let domainGone = false;
    if (spf.outcome === 'nxdomain') {
      const probe = await this.ask(() => resolver.resolveNs(tld));
      if (probe.outcome === 'records' || probe.outcome === 'no-record') domainGone = true;
      else {
        const cutOff: Lookup =
          probe.outcome === 'nxdomain' ? { outcome: 'no-answer', reason: 'no-internet', code: 'ENOTFOUND' } : probe;
        [spf, dmarc] = [cutOff, dmarc.outcome === 'no-answer' ? dmarc : cutOff];
        if (dkim && dkim.outcome !== 'no-answer') dkim = cutOff;
      }
    }
    resolver.cancel();
    const relay = relaySpfOf(relayHost, relayAddresses);
    const records = [
      spfVerdict(domain, spf, relayHost, relay, tld),
      dkimVerdict(domain, key, dkim, tld),
      dmarcVerdict(domain, dmarc, domainGone, tld),
    ];
    const firstNoAnswer = [spf, dkim, dmarc].find((lookup) => lookup?.outcome === 'no-answer') as
      (Lookup & { outcome: 'no-answer' }) | undefined;
    const dnsProblem = firstNoAnswer
      ? {
          reason: firstNoAnswer.reason,
          message: `${NO_ANSWER_MESSAGES[firstNoAnswer.reason](firstNoAnswer.code, tld)}, so the records could not be checked.`,
        }
      : null;
    const dnsReachable = dnsProblem === null;
    const result: SenderCheckResult = {
      domain,
      checkedAt: new Date().toISOString(),
      dnsReachable,
      dnsProblem,
      records,
    };
    // An unreachable DNS is asked again next time rather than remembered.
    if (dnsReachable) this.cache.set(cacheKey, { result, until: Date.now() + CACHE_MS });
    return result;
  }
}
