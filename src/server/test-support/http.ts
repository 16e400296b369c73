import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_ADMIN_PASSWORD } from './admin-password.js';

export type { InjectOptions };

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * A wrong key longer than any password: refused (and counted as a failure) without the
 * 0.4 s scrypt check a password-sized wrong key costs. For tests of an endpoint's guard;
 * the key check itself is tested with realistic wrong passwords in the auth tests.
 */
export const FAST_WRONG_KEY = `wrong-${'k'.repeat(300)}`;

let addressCounter = 0;

/** A client address no other test in this file uses, so per-address limits do not leak between tests. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Logs in over REST and returns the session token. */
export async function loginToken(
  app: FastifyInstance,
  password = TEST_ADMIN_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = res.json<{ token: string }>();
  expect(token).toEqual(expect.any(String));
  return token;
}

/** Asserts a JSON error answer `{ error }` with this status (and message, when given). */
export function expectError(res: LightMyRequestResponse, status: number, message?: string | RegExp): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ error: unknown }>();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toEqual(expect.any(String));
  const text = body.error as string;
  expect(text.trim()).not.toBe('');
  if (typeof message === 'string') expect(text).toBe(message);
  else if (message) expect(text).toMatch(message);
  return text;
}

/** GET a JSON list and return it. */
export async function getList<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  key?: string,
): Promise<T[]> {
  const res = await app.inject({ method: 'GET', url, headers: key ? bearer(key) : {} });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<T[]>();
  expect(Array.isArray(body)).toBe(true);
  return body;
}

/** POSTs a JSON payload as the admin and returns the created object (asserting 201). */
export async function createVia<T = Record<string, unknown> & { id: string }>(
  app: FastifyInstance,
  url: string,
  key: string,
  payload: object,
): Promise<T> {
  const res = await app.inject({ method: 'POST', url, headers: bearer(key), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}
