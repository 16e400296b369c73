/**
 * Honeypot for public forms: a field people never see. Bots fill it; a filled one is
 * accepted silently and stored nowhere.
 */
export const HONEYPOT_FIELD_NAME = 'website' as const;

export function isHoneypotFilled(value: string | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
