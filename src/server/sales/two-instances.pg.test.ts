import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstancesOnOneDatabase, type TwoInstances } from '../test-support/two-instances.js';
import { SALE_SECRETS, seedSaleEdition, stripeRefund, stripeSession } from '../test-support/sales.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';

let both: TwoInstances;

beforeAll(async () => {
  both = await startTwoInstancesOnOneDatabase({ ...SALE_SECRETS });
  await seedSaleEdition(both.a.services, { provider: 'stripe', productId: 'plink_two', amount: 499 });
});
afterAll(() => both.close());

const post = (app: TwoInstances['a'], signed: { body: string; headers: Record<string, string> }) =>
  app.app.inject({
    method: 'POST',
    url: '/api/sales/events/stripe',
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...signed.headers },
  });

describe('two instances on one PostgreSQL', () => {
  it('process each event once whichever instance it reaches, however many times, in any order', async () => {
    const payments = Array.from({ length: 40 }, (_, n) =>
      stripeSession({
        eventId: `evt_two_${n}`,
        sessionId: `cs_two_${n}`,
        paymentIntent: `pi_two_${n}`,
        paymentLink: 'plink_two',
        amount: 499,
        email: `two${n}@example.org`,
      }),
    );
    // Every tenth order is refunded, the refund racing its payment on the other instance.
    const refunds = Array.from({ length: 4 }, (_, n) =>
      stripeRefund({ eventId: `evt_two_refund_${n}`, paymentIntent: `pi_two_${n * 10}` }),
    );
    const answers = await Promise.all([
      ...payments.flatMap((signed) => [post(both.a, signed), post(both.b, signed)]),
      ...refunds.flatMap((signed) => [post(both.b, signed), post(both.a, signed)]),
    ]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const results = answers.map((answer) => answer.json().result as string);
    expect(results.filter((result) => result === 'replay')).toHaveLength(44);
    const db = both.a.services.db;
    const orders = await db.selectFrom('saleOrders').select(['providerOrderId', 'state']).execute();
    expect(orders).toHaveLength(40);
    const refunded = orders.filter((order) => order.state === 'refunded').map((order) => order.providerOrderId);
    expect(refunded.sort()).toEqual(['pi_two_0', 'pi_two_10', 'pi_two_20', 'pi_two_30']);
    const queued = await db
      .selectFrom('mailQueue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mailingId', '=', PURCHASE_MAILING_ID)
      .executeTakeFirstOrThrow();
    // A payment applied before its refund queued an email (the queue skips it once refunded); never two.
    expect(Number(queued.n)).toBeLessThanOrEqual(40);
    expect(Number(queued.n)).toBeGreaterThanOrEqual(36);
    const events = await db
      .selectFrom('saleEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(44);
  });
});
