// The import form's consent fields, read before the import's code is loaded (import-loader.ts): a bad answer is a
// 400 at once.
import { CONSENT_CHOICES, CONSENT_SOURCE_MAX, type ConsentChoice } from '../../domain/import-export.js';
import { ImportRefused } from './import-refused.js';

/** Characters that make a spreadsheet read a cell as a formula: kept as text, flagged. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** What the author said of consent for a file with no status column (the multipart fields `consent`, `consentSource`). */
export type ConsentStatement = { choice: ConsentChoice; source: string | null };

export function parseConsent(choice: string | undefined, source: string | undefined): ConsentStatement | undefined {
  if (choice === undefined || choice.trim() === '') return undefined;
  const picked = CONSENT_CHOICES.find((value) => value === choice.trim());
  if (!picked) throw new ImportRefused(`consent must be one of: ${CONSENT_CHOICES.join(', ')}`);
  if (picked === 'none') return { choice: 'none', source: null };
  const where = (source ?? '').replace(/\s+/g, ' ').trim();
  if (where.length < 3 || where.length > CONSENT_SOURCE_MAX || FORMULA_START.test(where))
    throw new ImportRefused(
      `consent=given needs consentSource: where these people agreed to get your newsletter (3 to ${CONSENT_SOURCE_MAX} characters, e.g. "the sign-up form on my old site")`,
    );
  return { choice: 'given', source: where };
}
