/**
 * A send's health from its bounces and complaints. Mailbox providers act on these rates: Gmail and
 * Yahoo want complaints under 0.3 %, Amazon SES reviews accounts at 5 % bounces.
 */
export const SEND_HEALTH_LIMITS = {
  warnBounceRate: 0.02,
  warnComplaintRate: 0.001,
  pauseBounceRate: 0.05,
  pauseComplaintRate: 0.003,
  /** Rates of fewer sent messages say too little to act on (one bounce of ten is not 10 %). */
  minimumSent: 20,
} as const;

export type SendHealthLevel = 'ok' | 'warning' | 'pause';

export type SendHealth = {
  sent: number;
  bounces: number;
  complaints: number;
  bounceRate: number;
  complaintRate: number;
  level: SendHealthLevel;
  /** Paused automatically and not resumed yet. */
  paused: boolean;
  /** The author resumed it: it is not paused automatically again. */
  resumed: boolean;
};

export function sendHealthLevel(sent: number, bounces: number, complaints: number): SendHealthLevel {
  if (sent < SEND_HEALTH_LIMITS.minimumSent) return 'ok';
  const bounceRate = bounces / sent;
  const complaintRate = complaints / sent;
  if (bounceRate >= SEND_HEALTH_LIMITS.pauseBounceRate || complaintRate >= SEND_HEALTH_LIMITS.pauseComplaintRate)
    return 'pause';
  if (bounceRate >= SEND_HEALTH_LIMITS.warnBounceRate || complaintRate >= SEND_HEALTH_LIMITS.warnComplaintRate)
    return 'warning';
  return 'ok';
}

/** A rate as the admin reads it: "2.5 %". */
export const formatRate = (rate: number): string => `${(rate * 100).toFixed(1)} %`;
