import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseReadOnly } from './test-support/database-faults.js';
import { testDatabaseEngine } from './test-support/test-database.js';
import { adminHeaders, createTestApp, validBook, type TestApp } from './test-support/test-app.js';

const engine = testDatabaseEngine();

describe('server smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers /healthz once migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { engine, reachable: true } });
  });

  it('creates a book with the admin key and lists it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: adminHeaders(),
      payload: validBook,
    });
    expect(created.statusCode).toBe(201);
    const book = created.json();
    expect(book).toMatchObject({ ...validBook, id: expect.any(String) });
    const list = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([book]);
  });
});

describe('/healthz', () => {
  it('answers 503 once the database cannot be written', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await setDatabaseReadOnly(t, true);
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        error: 'The database cannot be written',
        database: { engine, reachable: true },
      });
      await setDatabaseReadOnly(t, false);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
