import type * as mailparser from 'mailparser';
import type { Attachment } from 'mailparser';
import { lazyModule } from '../lazy-module.js';

/** mailparser (about 30 MB of memory) loads with the first report, not at start. */
const loadMailparser = lazyModule<typeof mailparser>('mailparser');

/** One recipient's block of a DSN (RFC 3464 §2.3). */
type RecipientStatus = { recipient: string; action: string; status: string; diagnostic: string };

/** What a report by mail says, and the headers of the message it is about (for its return path). */
export type DeliveryReport = (
  | { type: 'delivery-status'; recipients: RecipientStatus[] }
  | { type: 'feedback-report'; feedbackType: string; originalMailFrom: string; originalRcptTo: string }
) & { originalReturnPath: string; originalMessageId: string };

/** Header-style fields (`Name: value`, folded lines joined), in groups split by blank lines; names lower-cased. */
function fieldGroups(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) {
          const name = line.slice(0, colon).trim().toLowerCase();
          if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
        }
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; someone@example.com` → the address. */
const addressOf = (field: string | undefined): string =>
  (field ?? '')
    .replace(/^[a-z0-9-]+\s*;/i, '')
    .replace(/[<>]/g, '')
    .trim();

/** The header block of the returned message (message/rfc822 or text/rfc822-headers), if any. */
function originalHeaders(attachments: Attachment[]): Map<string, string> {
  const original = attachments.find((part) =>
    ['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers'].includes(part.contentType.toLowerCase()),
  );
  if (!original) return new Map();
  const text = original.content.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  return fieldGroups(end === -1 ? text : text.slice(0, end))[0] ?? new Map();
}

/**
 * Reads a DSN (multipart/report; report-type=delivery-status, RFC 3464) or an abuse report (ARF:
 * report-type=feedback-report, RFC 5965). Null for anything else, including malformed mail.
 */
export async function readDeliveryReport(raw: Buffer): Promise<DeliveryReport | null> {
  let parsed;
  try {
    parsed = await loadMailparser().simpleParser(raw, {
      keepDeliveryStatus: true,
      skipHtmlToText: true,
      skipTextToHtml: true,
    });
  } catch {
    return null;
  }
  const contentType = parsed.headers.get('content-type');
  if (!contentType || typeof contentType !== 'object' || !('value' in contentType)) return null;
  const { value, params } = contentType as { value: string; params: Record<string, string> };
  if (value.toLowerCase() !== 'multipart/report') return null;
  const reportType = (params['report-type'] ?? '').toLowerCase();
  const headers = originalHeaders(parsed.attachments);
  const original = {
    originalReturnPath: addressOf(headers.get('return-path')),
    originalMessageId: headers.get('message-id') ?? '',
  };
  const part = (type: string) => parsed.attachments.find((attachment) => attachment.contentType.toLowerCase() === type);

  if (reportType === 'delivery-status') {
    const status = part('message/delivery-status');
    if (!status) return null;
    // The first group is about the message, each further one about a recipient.
    const recipients = fieldGroups(status.content.toString('utf8'))
      .filter((fields) => fields.has('final-recipient') || fields.has('action'))
      .map((fields) => ({
        recipient: addressOf(fields.get('original-recipient') ?? fields.get('final-recipient')),
        action: (fields.get('action') ?? '').toLowerCase(),
        status: fields.get('status') ?? '',
        diagnostic: fields.get('diagnostic-code') ?? '',
      }));
    return recipients.length > 0 ? { type: 'delivery-status', recipients, ...original } : null;
  }
  if (reportType === 'feedback-report') {
    const feedback = part('message/feedback-report');
    const fields = feedback ? fieldGroups(feedback.content.toString('utf8'))[0] : undefined;
    if (!fields?.has('feedback-type')) return null;
    return {
      type: 'feedback-report',
      feedbackType: (fields.get('feedback-type') ?? '').toLowerCase(),
      originalMailFrom: addressOf(fields.get('original-mail-from')),
      originalRcptTo: addressOf(fields.get('original-rcpt-to')),
      ...original,
    };
  }
  return null;
}

export type ReportVerdict = { kind: 'hard-bounce' | 'soft-bounce' | 'complaint'; detail: string } | null;

/** The class of a DSN status (`5.1.1` → 5), or of an SMTP code in the diagnostic when the status is missing. */
function statusClass(recipient: RecipientStatus): number | null {
  const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(recipient.status);
  if (status) return Number(status[1]);
  const code = /^\s*smtp\s*;\s*([245])\d\d/i.exec(recipient.diagnostic);
  return code ? Number(code[1]) : null;
}

/**
 * What a report means for the address: a permanent failure (5.x.x) is a hard bounce, a transient
 * one (4.x.x) a soft bounce; an abuse report a complaint. A `delayed` DSN (still trying), a
 * `delivered`/`relayed` one, `not-spam` and `auth-failure` reports change nothing.
 */
export function verdictOf(report: DeliveryReport): ReportVerdict {
  if (report.type === 'feedback-report') {
    if (['not-spam', 'auth-failure'].includes(report.feedbackType)) return null;
    return { kind: 'complaint', detail: `abuse report (${report.feedbackType || 'unspecified'})` };
  }
  const failed = report.recipients.filter((recipient) => recipient.action === 'failed');
  const classes = failed.map((recipient) => ({ recipient, class: statusClass(recipient) }));
  const worst = classes.find((entry) => entry.class === 5) ?? classes.find((entry) => entry.class === 4);
  if (!worst) return null;
  const detail = `${worst.recipient.status} ${worst.recipient.diagnostic}`.trim();
  return { kind: worst.class === 5 ? 'hard-bounce' : 'soft-bounce', detail };
}
