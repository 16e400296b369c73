import { z } from 'zod';
import type { MailSender } from '../newsletter/mail/mail-config.js';

const ADDRESS = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** The variables of bounces by mail (docs/mail.md, Bounces and complaints by mail), part of the one config schema. */
export const bounceEnvShape = {
  BOUNCE_SMTP_PORT: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value || value === 'off') return null;
      const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      if (!(port >= 1 && port <= 65535)) {
        context.addIssue({
          code: 'custom',
          message: 'must be a port number (e.g. 2525), or unset for no bounce intake',
        });
        return z.NEVER;
      }
      return port;
    }),
  BOUNCE_SMTP_HOST: z.string().trim().default('0.0.0.0'),
  BOUNCE_ADDRESS: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) => value === undefined || ADDRESS.test(value),
      'must be a plain address without +, e.g. bounces@mail.example.com',
    ),
};

type BounceVars = { [K in keyof typeof bounceEnvShape]: z.output<(typeof bounceEnvShape)[K]> };

export type BounceConfig = {
  /** The intake's SMTP port; null: no intake, and messages keep MAIL_FROM as their return path. */
  smtpPort: number | null;
  smtpHost: string;
  /** `bounces@domain`: each message's return path is `bounces+<token>@domain`. */
  address: string;
};

export function bounceConfigFrom(vars: BounceVars, from: MailSender): BounceConfig {
  const domain = from.address.split('@')[1] ?? 'localhost';
  return {
    smtpPort: vars.BOUNCE_SMTP_PORT,
    smtpHost: vars.BOUNCE_SMTP_HOST,
    address: (vars.BOUNCE_ADDRESS ?? `bounces@${domain}`).toLowerCase(),
  };
}
