/**
 * Strict parsers of SPF (RFC 7208 §12) and DMARC (RFC 7489 §6.4) TXT records, shared by the sender
 * check on the server and the admin's Settings → Sender check, which shows a record only when it parses.
 */

/** invalid: receivers treat the record as a permanent error; unsafe: valid but harmful; advice: worth changing. */
type RecordProblemSeverity = 'invalid' | 'unsafe' | 'advice';
export type RecordProblem = { severity: RecordProblemSeverity; message: string };
export type ParsedRecord = { problems: RecordProblem[]; ok: boolean };

const okOf = (problems: RecordProblem[]) => !problems.some((problem) => problem.severity !== 'advice');

// --- Addresses ---------------------------------------------------------------------------------------

function ip4Octets(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9]\d{0,2})$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function ip6Groups(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  let body = text;
  if (text.includes('.')) {
    const lastColon = text.lastIndexOf(':');
    const octets = ip4Octets(text.slice(lastColon + 1));
    if (!octets) return null;
    const [a, b, c, d] = octets as [number, number, number, number];
    body = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(halves[0]!);
  const right = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if ([...left, ...right].some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  const count = left.length + right.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return null;
  return [...left, ...new Array<string>(8 - count).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/**
 * Why an address is no use in a public DNS record (loopback, private, link-local, shared, documentation,
 * unspecified, multicast), or null for a public unicast address. Also takes a hostname: null unless local.
 */
export function nonPublicAddressReason(text: string): string | null {
  const host = text.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback name';
  const v4 = ip4Octets(host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    if (a === 127) return 'a loopback address';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private address';
    if (a === 169 && b === 254) return 'a link-local address';
    if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier-grade NAT) address';
    if (a === 0) return 'an unspecified address';
    if (a >= 224) return 'a multicast or reserved address';
    if ((a === 192 && b === 0 && v4[2] === 2) || (a === 198 && b === 51 && v4[2] === 100))
      return 'a documentation address';
    if (a === 203 && b === 0 && v4[2] === 113) return 'a documentation address';
    return null;
  }
  const v6 = host.includes(':') ? ip6Groups(host) : null;
  if (v6) {
    if (v6.every((group) => group === 0)) return 'an unspecified address';
    if (v6.slice(0, 7).every((group) => group === 0) && v6[7] === 1) return 'a loopback address';
    if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff)
      return nonPublicAddressReason(`${v6[6]! >> 8}.${v6[6]! & 255}.${v6[7]! >> 8}.${v6[7]! & 255}`);
    const first = v6[0]!;
    if ((first & 0xfe00) === 0xfc00) return 'a private (unique local) address';
    if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
    if ((first & 0xff00) === 0xff00) return 'a multicast address';
    if (first === 0x2001 && v6[1] === 0x0db8) return 'a documentation address';
    return null;
  }
  return null;
}

// --- SPF ---------------------------------------------------------------------------------------------

const MACRO = /%\{[slodiphcrtv]\d*r?[.\-+,/_=]*\}|%%|%_|%-/gi;
const TOPLABEL = /^(?:[a-z0-9]*[a-z][a-z0-9]*|[a-z0-9]+-[a-z0-9-]*[a-z0-9])$/i;

/** RFC 7208 domain-spec: a macro-string ending in "." toplabel (or in a macro). */
function isDomainSpec(text: string): boolean {
  if (!text || /[^\x21-\x7e]/.test(text)) return false;
  const literal = text.replace(MACRO, '');
  if (literal.includes('%')) return false;
  if (/(%\{[^}]*\}|%%|%_|%-)$/i.test(text)) return true;
  const labels = text.replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  return TOPLABEL.test(labels.at(-1)!) && labels.every((label) => label.length > 0);
}

const DNS_MECHANISMS = new Set(['include', 'a', 'mx', 'ptr', 'exists']);
const SPF_MECHANISM = /^([+?~-]?)(all|include|a|mx|ptr|ip4|ip6|exists)(?=$|[:/])(.*)$/i;

/** A term of an SPF record as written, and whether it is sound (neither invalid nor unsafe). */
export type SpfTerm = { text: string; sound: boolean };

/** Parses an SPF record strictly: syntax errors, lookup count, permissive endings and local addresses. */
export function parseSpfRecord(record: string): ParsedRecord & { lookups: number; terms: SpfTerm[] } {
  const problems: RecordProblem[] = [];
  const invalid = (message: string) => problems.push({ severity: 'invalid', message });
  const unsafe = (message: string) => problems.push({ severity: 'unsafe', message });
  const advice = (message: string) => problems.push({ severity: 'advice', message });
  let lookups = 0;
  if (!/^v=spf1( |$)/i.test(record)) {
    invalid('An SPF record starts with "v=spf1".');
    return { problems, ok: false, lookups, terms: [] };
  }
  if (/[^\x20-\x7e]/.test(record)) invalid('The record holds characters other than printable ASCII and spaces.');
  const terms = record.slice(6).split(' ').filter(Boolean);
  const modifiers = new Map<string, number>();
  let allSeen = false;
  let afterAll = false;
  const visit = (term: string): void => {
    if (allSeen) afterAll = true;
    const mechanism = SPF_MECHANISM.exec(term);
    if (mechanism) {
      const [, qualifier, rawName, rest] = mechanism as unknown as [string, string, string, string];
      const name = rawName.toLowerCase();
      if (DNS_MECHANISMS.has(name)) lookups += 1;
      if (name === 'all') {
        if (rest) invalid(`"${term}": all takes no argument.`);
        else if (qualifier === '' || qualifier === '+')
          unsafe(`"${term}" lets any server on the internet send as your domain.`);
        allSeen = true;
        return;
      }
      if (name === 'ip4' || name === 'ip6') {
        const match = /^:([^/]+)(?:\/(0|[1-9]\d{0,2}))?$/.exec(rest);
        const address = match?.[1] ?? '';
        const valid = name === 'ip4' ? ip4Octets(address) : address.includes(':') && ip6Groups(address);
        const max = name === 'ip4' ? 32 : 128;
        if (!match || !valid || (match[2] !== undefined && Number(match[2]) > max)) {
          invalid(`"${term}": ${name}: takes an ${name === 'ip4' ? 'IPv4' : 'IPv6'} address (and /0–${max}).`);
          return;
        }
        const local = nonPublicAddressReason(address);
        if (local) unsafe(`"${term}" names ${local}: receivers on the internet never see mail from it.`);
        return;
      }
      const parsed = /^(?::([^/]*))?((?:\/(0|[1-9]\d?))?(?:\/\/(0|[1-9]\d{0,2}))?)$/.exec(rest);
      const domain = parsed?.[1];
      const takesCidr = name === 'a' || name === 'mx';
      const requiresDomain = name === 'include' || name === 'exists';
      if (
        !parsed ||
        (requiresDomain && domain === undefined) ||
        (!takesCidr && parsed[2]) ||
        (parsed[3] !== undefined && Number(parsed[3]) > 32) ||
        (parsed[4] !== undefined && Number(parsed[4]) > 128)
      ) {
        invalid(`"${term}" is not a valid ${name} mechanism.`);
        return;
      }
      if (domain !== undefined && !isDomainSpec(domain)) {
        const address = ip4Octets(domain) ? 'ip4:' : domain.includes(':') && ip6Groups(domain) ? 'ip6:' : null;
        invalid(
          address
            ? `"${term}": ${name}: takes a domain name; an address needs ${address} (e.g. ${address}${domain}).`
            : `"${term}": "${domain}" is not a domain name.`,
        );
        return;
      }
      if (domain && nonPublicAddressReason(domain)) unsafe(`"${term}" names ${nonPublicAddressReason(domain)}.`);
      if (name === 'ptr') advice(`"${term}": ptr is slow and unreliable; RFC 7208 says not to use it.`);
      return;
    }
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(term);
    if (modifier) {
      const name = modifier[1]!.toLowerCase();
      const value = modifier[2]!;
      modifiers.set(name, (modifiers.get(name) ?? 0) + 1);
      if (name === 'redirect' || name === 'exp') {
        if (!isDomainSpec(value)) invalid(`"${term}": "${value}" is not a domain name.`);
        if (name === 'redirect') lookups += 1;
      } else if (value.replace(MACRO, '').includes('%')) invalid(`"${term}" holds an invalid macro.`);
      return;
    }
    invalid(`"${term}" is not an SPF mechanism or modifier.`);
  };
  const parsedTerms: SpfTerm[] = terms.map((term) => {
    const before = problems.length;
    visit(term);
    const sound = problems.slice(before).every((problem) => problem.severity === 'advice');
    return { text: term, sound };
  });
  for (const name of ['redirect', 'exp'])
    if ((modifiers.get(name) ?? 0) > 1) invalid(`${name}= appears more than once.`);
  if (lookups > 10) invalid(`The record needs ${lookups} DNS lookups; receivers allow at most 10.`);
  if (afterAll) advice('Terms after "all" are never evaluated.');
  if (!allSeen && !modifiers.has('redirect'))
    advice('The record does not end with ~all or -all: mail from other servers is treated as neutral.');
  return { problems, ok: okOf(problems), lookups, terms: parsedTerms };
}

// --- DMARC -------------------------------------------------------------------------------------------

const POLICY = /^(none|quarantine|reject)$/;
const DMARC_TAGS: Record<string, (value: string) => boolean> = {
  p: (value) => POLICY.test(value),
  sp: (value) => POLICY.test(value),
  np: (value) => POLICY.test(value),
  adkim: (value) => /^[rs]$/.test(value),
  aspf: (value) => /^[rs]$/.test(value),
  pct: (value) => /^\d{1,3}$/.test(value) && Number(value) <= 100,
  fo: (value) => /^[01ds](\s*:\s*[01ds])*$/.test(value),
  rf: (value) => /^[a-z][a-z0-9-]*(\s*:\s*[a-z][a-z0-9-]*)*$/i.test(value),
  ri: (value) => /^\d{1,10}$/.test(value) && Number(value) <= 4_294_967_295,
  rua: (value) => value.split(',').every((uri) => isReportUri(uri.trim())),
  ruf: (value) => value.split(',').every((uri) => isReportUri(uri.trim())),
  t: (value) => /^[yn]$/.test(value),
  psd: (value) => /^[ynu]$/.test(value),
};

/** A dmarc-uri: mailto:address, optionally with a size limit (!10m). */
function isReportUri(uri: string): boolean {
  const match = /^mailto:([^!,;\s]+)(?:!\d+[kmgt]?)?$/i.exec(uri);
  if (!match) return false;
  const address = decodeURIComponent(match[1]!.replace(/%(?![0-9a-f]{2})/gi, '%25'));
  const at = address.lastIndexOf('@');
  return at > 0 && isDomainSpec(address.slice(at + 1)) && !/[\s<>]/.test(address);
}

/** Parses a DMARC record strictly: version first, a valid policy, every known tag's value, no repeats. */
export function parseDmarcRecord(record: string): ParsedRecord & { policy: string | null } {
  const problems: RecordProblem[] = [];
  const invalid = (message: string) => problems.push({ severity: 'invalid', message });
  const tags = record
    .split(';')
    .map((tag) => tag.trim())
    .filter((tag, index, all) => tag !== '' || index < all.length - 1);
  if (!/^v\s*=\s*DMARC1$/.test(tags[0] ?? '')) {
    invalid('A DMARC record starts with "v=DMARC1".');
    return { problems, ok: false, policy: null };
  }
  const seen = new Map<string, string>();
  for (const tag of tags.slice(1)) {
    const match = /^([a-z][a-z0-9_]*)\s*=\s*(.*)$/i.exec(tag);
    if (!match) {
      invalid(tag === '' ? 'An empty tag (";;").' : `"${tag}" is not a tag=value pair.`);
      continue;
    }
    const name = match[1]!.toLowerCase();
    const value = match[2]!;
    if (seen.has(name)) invalid(`${name}= appears more than once.`);
    seen.set(name, value);
    const check = DMARC_TAGS[name];
    if (!check) problems.push({ severity: 'advice', message: `"${name}" is not a DMARC tag; receivers ignore it.` });
    else if (!check(name === 'rua' || name === 'ruf' ? value : value.toLowerCase()))
      invalid(`"${tag}" is not a valid value for ${name}.`);
  }
  const policy = seen.get('p')?.toLowerCase() ?? null;
  if (policy === null) invalid('The record has no policy (p=none, quarantine or reject).');
  return { problems, ok: okOf(problems), policy: policy !== null && POLICY.test(policy) ? policy : null };
}

/** Whether a record the site suggests is sound: it parses with no problem at all and names no local address. */
export function isSoundSuggestion(kind: 'spf' | 'dmarc', record: string): boolean {
  const parsed = kind === 'spf' ? parseSpfRecord(record) : parseDmarcRecord(record);
  return parsed.problems.length === 0;
}
