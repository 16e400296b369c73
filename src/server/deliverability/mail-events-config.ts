import { createPublicKey } from 'node:crypto';
import { z } from 'zod';

/** An optional secret: blank is unset; a set one must be long enough to be worth checking. */
const secret = (minimum: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= minimum, `must be at least ${minimum} characters`);

const TOPIC_ARN = /^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/;

/** The variables of provider events (docs/mail.md, Bounces and complaints), part of the one config schema. */
export const mailEventsEnvShape = {
  MAIL_EVENTS_SES_TOPIC_ARNS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((arn) => arn.trim())
        .filter(Boolean),
    )
    .refine((arns) => arns.every((arn) => TOPIC_ARN.test(arn)), 'must be SNS topic ARNs, comma-separated'),
  MAIL_EVENTS_POSTMARK_AUTH: secret(8).refine(
    (value) => value === undefined || /^[^:]+:.+$/.test(value),
    'must be user:password (the credentials in the webhook URL)',
  ),
  MAIL_EVENTS_MAILGUN_SIGNING_KEY: secret(16),
  MAIL_EVENTS_SENDGRID_PUBLIC_KEY: secret(40).refine((value) => {
    if (value === undefined) return true;
    try {
      createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' });
      return true;
    } catch {
      return false;
    }
  }, "must be the Event Webhook's verification key (base64)"),
  MAIL_EVENTS_BREVO_TOKEN: secret(16),
  MAIL_SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(50).default(3),
};

type MailEventsVars = { [K in keyof typeof mailEventsEnvShape]: z.output<(typeof mailEventsEnvShape)[K]> };

export type MailEventsConfig = {
  /** SNS topics whose notifications are accepted (SES sends through them); none: SES events off. */
  sesTopicArns: string[];
  postmarkAuth: string | null;
  mailgunSigningKey: string | null;
  sendgridPublicKey: string | null;
  brevoToken: string | null;
  /** Soft bounces in a row that suppress an address. */
  softBounceLimit: number;
};

export function mailEventsConfigFrom(vars: MailEventsVars): MailEventsConfig {
  return {
    sesTopicArns: vars.MAIL_EVENTS_SES_TOPIC_ARNS,
    postmarkAuth: vars.MAIL_EVENTS_POSTMARK_AUTH ?? null,
    mailgunSigningKey: vars.MAIL_EVENTS_MAILGUN_SIGNING_KEY ?? null,
    sendgridPublicKey: vars.MAIL_EVENTS_SENDGRID_PUBLIC_KEY ?? null,
    brevoToken: vars.MAIL_EVENTS_BREVO_TOKEN ?? null,
    softBounceLimit: vars.MAIL_SOFT_BOUNCE_LIMIT,
  };
}
