import { describe, expect, it } from 'vitest';
import type { AppContext } from './app-context.js';
import { bearer, createVia, expectError, FAST_WRONG_KEY, freshAddress, getList, type InjectOptions } from './http.js';

type Payload = Record<string, unknown>;

/** What every kind of public content (books, excerpts, blog, art, playlists) must do over REST. */
export type ContentContract = {
  /** The name used in messages, e.g. 'Book' in 'Book not found'. */
  name: string;
  url: string;
  /** A valid create payload; may first create what it refers to (an excerpt's book). */
  validPayload: (context: AppContext) => Payload | Promise<Payload>;
  /** Fields an update changes. */
  changes: Payload;
  /** Required fields and the message when one is missing (or blank, for text). */
  requiredFields: Record<string, string>;
  /** Text fields' upper bounds; `prefix` keeps a URL field valid while it grows. */
  textBounds: Record<string, { max: number; prefix?: string }>;
};

const without = (payload: Payload, field: string): Payload => {
  const { [field]: _dropped, ...rest } = payload;
  return rest;
};

/** Registers the CRUD contract tests for one content kind, on the app of `context`. */
export function describeContentContract(context: AppContext, contract: ContentContract): void {
  const { name, url } = contract;
  const inject = (options: InjectOptions) => context.t.app.inject(options);
  const admin = () => bearer(context.token);
  const list = () => getList<Payload & { id: string }>(context.t.app, url);
  const create = async (payload?: Payload) =>
    createVia<Payload & { id: string }>(
      context.t.app,
      url,
      context.token,
      payload ?? (await contract.validPayload(context)),
    );
  const getById = (id: string) => inject({ method: 'GET', url: `${url}/${id}` });

  describe(`${url}: the CRUD contract`, () => {
    it('creates with 201, answering the created object with its id', async () => {
      const payload = await contract.validPayload(context);
      const res = await inject({ method: 'POST', url, headers: admin(), payload });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Payload & { id: string }>();
      expect(created).toMatchObject(payload);
      expect(created.id).toEqual(expect.any(String));
      expect(await list()).toContainEqual(created);
      const byId = await getById(created.id);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(created);
    });

    it('updates with 200, answering the updated object', async () => {
      const payload = await contract.validPayload(context);
      const created = await create(payload);
      const res = await inject({
        method: 'PUT',
        url: `${url}/${created.id}`,
        headers: admin(),
        payload: { ...payload, ...contract.changes },
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<Payload>();
      expect(updated).toMatchObject({ ...contract.changes, id: created.id });
      expect((await getById(created.id)).json()).toEqual(updated);
      expect(await list()).toContainEqual(updated);
    });

    it('deletes with 204 and an empty body; the item is gone', async () => {
      const created = await create();
      const res = await inject({ method: 'DELETE', url: `${url}/${created.id}`, headers: admin() });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectError(await getById(created.id), 404, `${name} not found`);
      expect((await list()).map((item) => item.id)).not.toContain(created.id);
    });

    it('answers 404 for an unknown id on GET, PUT and DELETE', async () => {
      const payload = await contract.validPayload(context);
      const missing = `${url}/00000000-0000-4000-8000-000000000000`;
      expectError(await inject({ method: 'GET', url: missing }), 404, `${name} not found`);
      expectError(await inject({ method: 'PUT', url: missing, headers: admin(), payload }), 404, `${name} not found`);
      expectError(await inject({ method: 'DELETE', url: missing, headers: admin() }), 404, `${name} not found`);
    });

    it('refuses writes without a key or with a wrong key (401) and changes nothing', async () => {
      const payload = await contract.validPayload(context);
      const existing = await create(payload);
      const before = await list();
      const remoteAddress = freshAddress();
      const attempts = [
        { method: 'POST' as const, url, payload },
        { method: 'PUT' as const, url: `${url}/${existing.id}`, payload: { ...payload, ...contract.changes } },
        { method: 'DELETE' as const, url: `${url}/${existing.id}` },
      ];
      for (const attempt of attempts)
        expectError(await inject({ ...attempt, remoteAddress }), 401, 'Admin key required');
      for (const attempt of attempts)
        expectError(
          await inject({ ...attempt, remoteAddress, headers: bearer(FAST_WRONG_KEY) }),
          401,
          'Invalid admin key',
        );
      expect(await list()).toEqual(before);
    });

    describe('validation (400, nothing stored or changed)', () => {
      it.each(Object.entries(contract.requiredFields))('requires %s', async (field, message) => {
        const payload = await contract.validPayload(context);
        const existing = await create(payload);
        const before = await list();
        const invalidPayloads = [without(payload, field), { ...payload, [field]: null }];
        if (typeof payload[field] === 'string') invalidPayloads.push({ ...payload, [field]: '  \t ' });
        for (const invalid of invalidPayloads) {
          expectError(await inject({ method: 'POST', url, headers: admin(), payload: invalid }), 400, message);
          expectError(
            await inject({ method: 'PUT', url: `${url}/${existing.id}`, headers: admin(), payload: invalid }),
            400,
            message,
          );
        }
        expect(await list()).toEqual(before);
      });

      it.each(Object.entries(contract.textBounds))('bounds %s to its limit', async (field, { max, prefix = '' }) => {
        const payload = await contract.validPayload(context);
        const existing = await create(payload);
        const atLimit = prefix + 'é'.repeat(max - prefix.length);
        const accepted = await create({ ...payload, [field]: atLimit });
        expect(accepted[field]).toBe(atLimit);
        const before = await list();
        const overLimit = { ...payload, [field]: `${atLimit}x` };
        const message = new RegExp(`must be at most ${max} characters`);
        expectError(await inject({ method: 'POST', url, headers: admin(), payload: overLimit }), 400, message);
        expectError(
          await inject({ method: 'PUT', url: `${url}/${existing.id}`, headers: admin(), payload: overLimit }),
          400,
          message,
        );
        expect(await list()).toEqual(before);
      });

      it('ignores an id in the payload and fields it does not know', async () => {
        const payload = await contract.validPayload(context);
        const created = await create({ ...payload, id: 'chosen-by-client', isAdmin: true });
        expect(created.id).not.toBe('chosen-by-client');
        expect(created).not.toHaveProperty('isAdmin');
      });
    });
  });
}
