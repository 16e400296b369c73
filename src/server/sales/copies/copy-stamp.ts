/** Who a personal copy was made for: what each format carries, visibly and invisibly. */
export type CopyStamp = { buyerName: string; orderRef: string; fingerprint: string; madeAt: Date };

/** A fingerprint: letters, digits, - and _ (it goes into XML, PDF strings, ZIP comments and ID3 tags as it is). */
export const FINGERPRINT_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Finds a fingerprint in text this module wrote (any of the marks below). */
export const FINGERPRINT_MARK = 'personal-copy:';
export const FINGERPRINT_IN_TEXT = /personal-copy:([A-Za-z0-9_-]{8,64})/;

/** "27 November 2026" (UTC: the same on every instance). */
function copyDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** The name as given, without control characters, bounded. */
function cleanName(name: string, max = 120): string {
  return (
    name
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max) || 'a reader'
  );
}

/** The visible line: "This copy was made for Ada Reader, order 1234, on 27 November 2026." */
export function exLibrisLine(stamp: CopyStamp): string {
  return `This copy was made for ${cleanName(stamp.buyerName)}, order ${cleanName(stamp.orderRef, 60)}, on ${copyDate(stamp.madeAt)}.`;
}

/** Text that only plain ASCII may hold (a ZIP comment is CP437): accents dropped, the rest as "?". */
export function asciiOnly(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
