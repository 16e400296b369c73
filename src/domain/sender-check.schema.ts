import { z } from 'zod';
import type { RecordProblem } from './mail-auth-records.js';

/** A DKIM selector: one DNS label. */
const dkimSelectorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'Use letters, digits and hyphens (one DNS label), e.g. site2026');

/** A domain name such as example.com. */
const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com');

export const generateDkimKeyInputSchema = z.object({ selector: dkimSelectorSchema, domain: domainNameSchema });
export type GenerateDkimKeyInput = z.infer<typeof generateDkimKeyInputSchema>;

export const senderCheckInputSchema = z.object({ fresh: z.boolean().default(false) }).default({ fresh: false });

export type DnsRecordKind = 'spf' | 'dkim' | 'dmarc';
/** found: in place and right; missing: none published; wrong: published but needs changing; unreachable: DNS did not answer. */
export type DnsRecordStatus = 'found' | 'missing' | 'wrong' | 'unreachable';

/**
 * The finer state of a record (`status` keeps the first four words for scripts):
 * found; no-record: the name has no such record; no-domain: MAIL_FROM's domain does not exist (NXDOMAIN);
 * no-key: the site does not sign (DKIM); wrong: published but needs changing; no-answer: DNS gave no
 * answer (timeout, SERVFAIL, refused, or a resolver that knows not even the top-level domain).
 */
export type DnsRecordState = 'found' | 'no-record' | 'no-domain' | 'no-key' | 'wrong' | 'no-answer';
/** Why DNS gave no answer. */
export type DnsNoAnswerReason = 'timeout' | 'servfail' | 'refused' | 'no-internet' | 'error';

export const STATUS_OF_STATE: Record<DnsRecordState, DnsRecordStatus> = {
  found: 'found',
  'no-record': 'missing',
  'no-domain': 'missing',
  'no-key': 'missing',
  wrong: 'wrong',
  'no-answer': 'unreachable',
};

export type DnsRecordVerdict = {
  kind: DnsRecordKind;
  /** The DNS name looked up, e.g. _dmarc.example.com. */
  name: string;
  status: DnsRecordStatus;
  state: DnsRecordState;
  /** What the SPF/DMARC parser (mail-auth-records.ts) found wrong with the published record, if any. */
  problems: RecordProblem[];
  /** The record as published (TXT strings joined), if any. */
  found: string | null;
  /** A plain sentence on what was found. */
  verdict: string;
  /** What to change, if anything: a sentence, and the record to publish when there is one (always one that parses). */
  fix: string | null;
  suggested: string | null;
};

export type SenderCheckResult = {
  domain: string;
  checkedAt: string;
  /** False when no DNS server answered in time: the verdicts say "unreachable". */
  dnsReachable: boolean;
  /** Why DNS gave no answer (null when every lookup was answered), in a sentence for the admin. */
  dnsProblem: { reason: DnsNoAnswerReason; message: string } | null;
  records: DnsRecordVerdict[];
};

export const DNS_RECORD_LABELS: Record<DnsRecordKind, string> = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' };
