import Bowser from 'bowser';
import { isbot } from 'isbot';

export type DeviceClass = 'phone' | 'tablet' | 'desktop';
export const DEVICE_CLASSES: readonly DeviceClass[] = ['phone', 'tablet', 'desktop'];

type Headers = Record<string, string | string[] | undefined>;

const headerOf = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** A visitor who asked not to be tracked: Do-Not-Track or Global Privacy Control. Both are honoured. */
export function optsOut(headers: Headers): boolean {
  return headerOf(headers, 'dnt') === '1' || headerOf(headers, 'sec-gpc') === '1';
}

/** Speculative loads (link prefetch, prerender) are not views. */
export function isPrefetch(headers: Headers): boolean {
  const purpose = `${headerOf(headers, 'sec-purpose')} ${headerOf(headers, 'purpose')} ${headerOf(headers, 'x-moz')}`;
  return /prefetch|prerender/i.test(purpose);
}

type UserAgentFacts = { bot: boolean; device: DeviceClass };

/** Parsing a user agent costs tens of microseconds; most views share a handful of them. */
const MAX_REMEMBERED_AGENTS = 2000;
const remembered = new Map<string, UserAgentFacts>();

function deviceOf(userAgent: string): DeviceClass {
  const type = Bowser.parse(userAgent).platform.type;
  if (type === 'mobile') return 'phone';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}

/** Bot or not (isbot's maintained list; an empty user agent is a script) and the device class. */
export function userAgentFacts(userAgent: string): UserAgentFacts {
  const known = remembered.get(userAgent);
  if (known) return known;
  const facts: UserAgentFacts = {
    bot: userAgent.trim() === '' || isbot(userAgent),
    device: userAgent ? deviceOf(userAgent) : 'desktop',
  };
  if (remembered.size >= MAX_REMEMBERED_AGENTS) remembered.clear();
  remembered.set(userAgent, facts);
  return facts;
}

/** Pages that are never counted: the admin area and post previews (the author's own). */
const UNCOUNTED_PATH = /^\/(?:admin|blog\/preview)(?:\/|$)/;

const MAX_PATH_LENGTH = 300;
const PAGE_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/** The path a view is counted under (no query, no trailing slash), or null when it is not a countable page. */
export function countedPath(rawPath: string): string | null {
  if (rawPath.length > MAX_PATH_LENGTH || !PAGE_PATH.test(rawPath) || rawPath.startsWith('//')) return null;
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  return UNCOUNTED_PATH.test(path) ? null : path;
}

const MAX_LABEL_LENGTH = 100;

/** A utm value as stored: trimmed, lower case, at most 100 characters; null when empty. */
export function labelOf(value: string | null): string | null {
  const label = value?.trim().toLowerCase().slice(0, MAX_LABEL_LENGTH);
  return label ? label : null;
}

/** The referrer's host when it is another site's; null for none, our own host, or garbage. */
export function referrerHost(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const own = ownHost
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, '');
    return host === own ? null : host.slice(0, MAX_LABEL_LENGTH);
  } catch {
    return null;
  }
}

export { headerOf };
