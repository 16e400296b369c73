import { describe, expect, it } from 'vitest';
import { detectMailService, detectSubscriberMapping, labelsFromCell, statusFromCell } from './subscriber-mapping.js';

const GHOST_HEADERS = [
  'id',
  'email',
  'name',
  'note',
  'subscribed_to_emails',
  'complimentary_plan',
  'stripe_customer_id',
  'created_at',
  'deleted_at',
  'labels',
  'tiers',
];

describe('statusFromCell', () => {
  it('counts only the values services write for a subscribed person as consent; unknown is not subscribed', () => {
    const read = (values: string[], header = 'status') => values.map((value) => statusFromCell(value, header));
    expect(read(['subscribed', 'Active', ' confirmed ', 'TRUE', 'yes', '1', 'opted-in'])).toEqual(
      Array(7).fill('active'),
    );
    expect(read(['unsubscribed', 'cleaned', 'bounced', 'opted-out', 'Opted_Out', 'cancelled', 'false', 'no'])).toEqual(
      Array(8).fill('unsubscribed'),
    );
    expect(read(['pending', 'unconfirmed'])).toEqual(['pending', 'pending']);
    expect(
      read(['transactional', 'nonsubscribed', 'archived', '', 'vip', 'subscribed?', 'not subscribed', '=1+1']),
    ).toEqual(Array(8).fill('unknown'));
  });

  it('reads a column of disabled mail the other way round, and anything else there as unknown', () => {
    expect(['true', 'false', '', 'maybe'].map((value) => statusFromCell(value, 'email_disabled'))).toEqual([
      'unsubscribed',
      'active',
      'unknown',
      'unknown',
    ]);
  });
});

describe("Ghost's members CSV", () => {
  it('is recognised, its status, dates, deletions and labels mapped', () => {
    expect(detectMailService(GHOST_HEADERS)).toBe('ghost');
    expect(detectSubscriberMapping(GHOST_HEADERS)).toEqual({
      email: 'email',
      name: 'name',
      lastName: null,
      status: 'subscribed_to_emails',
      subscribedAt: 'created_at',
      confirmedAt: null,
      unsubscribedAt: null,
      deletedAt: 'deleted_at',
      labels: 'labels',
    });
    expect(labelsFromCell('"The Ashwarden Cycle", VIP;new releases|')).toEqual([
      'The Ashwarden Cycle',
      'VIP',
      'new releases',
    ]);
  });

  it('leaves the other services as they were detected', () => {
    expect(detectMailService(['Email', 'Name', 'Status', 'Subscribed at', 'Groups'])).toBe('mailerlite');
    expect(detectMailService(['email', 'active_subscription', 'email_disabled'])).toBe('substack');
    expect(detectMailService(['first_name', 'email_address', 'state'])).toBe('kit');
    expect(detectMailService(['Email Address', 'MEMBER_RATING', 'OPTIN_TIME'])).toBe('mailchimp');
  });
});
