import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../server/trpc/app-router.js';
import { serverErrorMessage } from './ui/error-message.js';
import { fetchWithPlainErrors } from './plain-error-fetch.js';

/** A stand-in for a proxy in front of the site: answers every call with the status and body it is told. */
let answer = { status: 503, type: 'text/plain', body: 'Service Unavailable' };
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The toast text a newsletter subscription would show for the current answer. */
async function subscriptionFailureText(): Promise<string> {
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url, transformer: superjson, fetch: fetchWithPlainErrors })],
  });
  try {
    await client.newsletter.subscribe.mutate({ email: 'reader@example.com' });
  } catch (error) {
    return serverErrorMessage(error, 'Something went wrong. Please try again.');
  }
  throw new Error('the call succeeded');
}

describe('an error answer that is not JSON', () => {
  it('shows "{status}: {body}" for a plain-text 503', async () => {
    answer = { status: 503, type: 'text/plain', body: 'Service Unavailable' };
    expect(await subscriptionFailureText()).toBe('503: Service Unavailable');
  });

  it('shows the status and the start of an HTML error page', async () => {
    answer = { status: 502, type: 'text/html', body: `<html><body>Bad Gateway${' '.repeat(500)}x</body></html>` };
    const text = await subscriptionFailureText();
    expect(text.startsWith('502: <html><body>Bad Gateway')).toBe(true);
    expect(text.length).toBeLessThanOrEqual('502: '.length + 200);
  });

  it('shows the status text when the body is empty', async () => {
    answer = { status: 504, type: 'text/plain', body: '' };
    expect(await subscriptionFailureText()).toBe('504: Gateway Timeout');
  });
});

describe('serverErrorMessage', () => {
  it.each([
    ['409: {"error":"Email already subscribed"}', 'Email already subscribed'],
    ['400: {"message":"Bad input"}', 'Bad input'],
    ['503: upstream down', '503: upstream down'],
    ['plain failure', 'plain failure'],
  ])('reads %j as %j', (message, shown) => {
    expect(serverErrorMessage(new Error(message), 'fallback')).toBe(shown);
  });
});
