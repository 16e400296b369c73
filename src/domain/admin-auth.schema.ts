import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from './admin-auth.js';
import { TEXT_LIMITS } from './limits.js';

export const loginInputSchema = z.object({
  password: z
    .string({ error: 'Please enter the password' })
    .max(TEXT_LIMITS.password, `Password must be at most ${TEXT_LIMITS.password} characters`)
    .refine((value) => value.trim() !== '', 'Please enter the password'),
});

/** The new password's rules, in the order they are reported. */
export const newPasswordSchema = z
  .string({ error: `New password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .min(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(TEXT_LIMITS.password, `New password must be at most ${TEXT_LIMITS.password} characters`)
  .regex(/[A-Z]/, 'Must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Must contain at least one number')
  .refine(
    (value) => [...value].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
    'Must contain at least one special character',
  );

export const changePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(TEXT_LIMITS.password, `Current password must be at most ${TEXT_LIMITS.password} characters`),
  newPassword: newPasswordSchema,
});

/** The admin form adds a confirmation field; the mismatch is reported on that field. */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((form) => form.confirmPassword === form.newPassword, {
    message: "New passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
