import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's hosted checkout page (a Payment Link), on 127.0.0.1: the site's
 * Buy direct link leads to `{url}/pay/{paymentLinkId}`; the page asks for an email and a name, and
 * "Pay" redirects back to the site's `/thank-you?session_id=cs_…`, then posts the Stripe-signed
 * `checkout.session.completed` webhook to the site, as Stripe does (signed with the `stripe`
 * package's generateTestHeaderString: the site verifies it with webhooks.constructEvent).
 * `refund(paymentIntent)` posts a signed `charge.refunded`, as a refund in Stripe's dashboard does.
 */
export type CheckoutStandIn = {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** The Payment Link's address on the stand-in. */
  linkUrl: (paymentLinkId: string) => string;
  /** While held, payments' webhooks wait (the thank-you page shows "on its way") until released. */
  holdWebhooks: () => void;
  releaseWebhooks: () => Promise<void>;
  /** The payments made, newest last. */
  readonly payments: Payment[];
  /** Every webhook posted and the site's answer. */
  readonly deliveries: { type: string; status: number; body: string }[];
  refund: (paymentIntent: string) => Promise<{ status: number; body: string }>;
  close: () => Promise<void>;
};

type Payment = { sessionId: string; paymentIntent: string; email: string; name: string; paymentLink: string };

type StandInOptions = {
  /** The site the checkout returns to and posts its webhooks to (read when a payment is made). */
  siteUrl: () => string;
  webhookSecret: string;
  /** What each Payment Link charges, in minor units (Stripe's amount_total) and its currency. */
  prices: Record<string, { amount: number; currency: string; title: string }>;
};

const stripe = new Stripe('sk_unused_stand_in');
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startCheckoutStandIn(options: StandInOptions): Promise<CheckoutStandIn> {
  const payments: Payment[] = [];
  const deliveries: CheckoutStandIn['deliveries'] = [];
  let held = false;
  const waiting: (() => Promise<void>)[] = [];

  async function postEvent(type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const res = await fetch(`${options.siteUrl()}/api/sales/events/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    const delivery = { type, status: res.status, body: await res.text() };
    deliveries.push(delivery);
    return delivery;
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const match = /^\/pay\/([A-Za-z0-9_]+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
      const price = match ? options.prices[match[1]!] : undefined;
      if (!match || !price) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('No such payment link');
        return;
      }
      const paymentLink = match[1]!;
      const total = `$${(price.amount / 100).toFixed(2)}`;
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (stand-in for Stripe)</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:.8rem 0 .3rem}input{width:100%;box-sizing:border-box;padding:.55rem;font:inherit}
button{margin-top:1.2rem;width:100%;padding:.7rem;font:inherit;background:#635bff;color:#fff;border:0;border-radius:6px}</style>
</head><body><p>Test mode: a local stand-in for Stripe's hosted checkout</p>
<h1>${escape(price.title)}</h1><p>${total}</p>
<form method="post"><label for="email">Email</label><input id="email" name="email" type="email" required>
<label for="name">Name on card</label><input id="name" name="name" required>
<button type="submit">Pay ${total}</button></form></body></html>`);
        return;
      }
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const form = await formOf(request);
      const payment: Payment = {
        sessionId: `cs_test_${randomBytes(16).toString('hex')}`,
        paymentIntent: `pi_${randomBytes(12).toString('hex')}`,
        email: form.get('email') ?? '',
        name: form.get('name') ?? '',
        paymentLink,
      };
      payments.push(payment);
      // Stripe redirects the buyer back at once; its webhook follows on its own.
      response.writeHead(303, { location: `${options.siteUrl()}/thank-you?session_id=${payment.sessionId}` }).end();
      const deliver = async () => {
        await postEvent('checkout.session.completed', {
          id: payment.sessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_link: paymentLink,
          payment_intent: payment.paymentIntent,
          payment_status: 'paid',
          status: 'complete',
          amount_total: price.amount,
          currency: price.currency,
          client_reference_id: null,
          customer_details: { email: payment.email, name: payment.name },
          consent: null,
        });
      };
      if (held) waiting.push(deliver);
      else await deliver();
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    linkUrl: (paymentLinkId) => `${url}/pay/${paymentLinkId}`,
    holdWebhooks: () => {
      held = true;
    },
    releaseWebhooks: async () => {
      held = false;
      for (const deliver of waiting.splice(0)) await deliver();
    },
    payments,
    deliveries,
    refund: (paymentIntent) =>
      postEvent('charge.refunded', {
        id: `ch_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        payment_intent: paymentIntent,
        refunded: true,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
