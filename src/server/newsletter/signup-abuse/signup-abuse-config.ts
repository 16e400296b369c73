import { z } from 'zod';
import { DEFAULT_CONFIRMATION_CAPS, type ConfirmationCaps } from './confirmation-schedule.js';

const MAX_PER_HOUR = 100_000;

const perHour = (fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${MAX_PER_HOUR}` })
    .int(`must be a whole number from 1 to ${MAX_PER_HOUR}`)
    .min(1, `must be a whole number from 1 to ${MAX_PER_HOUR}`)
    .max(MAX_PER_HOUR, `must be a whole number from 1 to ${MAX_PER_HOUR}`)
    .default(fallback);

/** The sign-up defences' variables (docs/mail.md, Sign-up abuse), part of the one config schema. */
export const signupAbuseEnvShape = {
  CONFIRMATIONS_PER_HOUR: perHour(DEFAULT_CONFIRMATION_CAPS.perHour),
  CONFIRMATIONS_PER_DOMAIN_PER_HOUR: perHour(DEFAULT_CONFIRMATION_CAPS.perDomainPerHour),
  CONFIRMATIONS_WITHOUT_CHALLENGE_PER_HOUR: perHour(DEFAULT_CONFIRMATION_CAPS.unverifiedPerHour),
  CONFIRMATIONS_PER_NETWORK_PER_HOUR: perHour(DEFAULT_CONFIRMATION_CAPS.perNetworkPerHour),
  SIGNUP_CHALLENGE: z.enum(['off', 'on'], { error: 'must be off or on' }).default('off'),
};

type SignupAbuseVars = { [K in keyof typeof signupAbuseEnvShape]: z.output<(typeof signupAbuseEnvShape)[K]> };

export type SignupAbuseConfig = {
  caps: ConfirmationCaps;
  /** SIGNUP_CHALLENGE=on: every sign-up form solves a challenge; off: only while the hourly cap is being hit. */
  challengeAlwaysOn: boolean;
};

export function signupAbuseConfigFrom(vars: SignupAbuseVars): SignupAbuseConfig {
  return {
    caps: {
      perHour: vars.CONFIRMATIONS_PER_HOUR,
      perDomainPerHour: vars.CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
      unverifiedPerHour: vars.CONFIRMATIONS_WITHOUT_CHALLENGE_PER_HOUR,
      perNetworkPerHour: vars.CONFIRMATIONS_PER_NETWORK_PER_HOUR,
    },
    challengeAlwaysOn: vars.SIGNUP_CHALLENGE === 'on',
  };
}
