import { z } from 'zod';
import { TEXT_LIMITS } from './limits.js';

/** A required text field: trimmed, non-blank, bounded. Messages name the field. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** An optional text field: trimmed and bounded; blank, null or missing becomes null. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional text field that defaults to empty text instead of null. */
export function textWithEmptyDefault(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
}

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(TEXT_LIMITS.email, `Email must be at most ${TEXT_LIMITS.email} characters`)
  .pipe(z.email('Please enter a valid email address'));

export function enumField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });
}

/** Path parameter / reference id. */
export const idSchema = z
  .string({ error: 'Id is required' })
  .trim()
  .min(1, 'Id is required')
  .max(100, 'Id must be at most 100 characters');

export const byIdInput = z.object({ id: idSchema });

/** The honeypot field of public forms (see HONEYPOT_FIELD_NAME): optional, bounded text. */
export const honeypotField = z.string().max(TEXT_LIMITS.name).optional();
