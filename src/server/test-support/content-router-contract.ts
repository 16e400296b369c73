import { describe, expect, it } from 'vitest';
import { expectTRPCError, type Caller, type CallerContext } from './trpc.js';

type Item = { id: string } & Record<string, unknown>;

/**
 * The five procedures of a content router, loosely typed so one contract fits every kind. Method
 * syntax on purpose: its parameters are compared both ways, so each router's own input type fits
 * `Record<string, unknown>` (the procedure's zod still checks what the tests send).
 */
type LooseContentCaller = {
  list(): Promise<Item[]>;
  byId(input: { id: string }): Promise<Item>;
  create(input: Record<string, unknown>): Promise<Item>;
  update(input: { id: string; data: Record<string, unknown> }): Promise<Item>;
  delete(input: { id: string }): Promise<unknown>;
};

export type ContentRouterContract = {
  /** The name in NOT_FOUND messages, e.g. 'Book'. */
  name: string;
  pick: (caller: Caller) => LooseContentCaller;
  validInput: (context: CallerContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  changes: Record<string, unknown>;
  /** Invalid inputs (merged over a valid one) and the human message of the BAD_REQUEST. */
  invalid: [Record<string, unknown>, string][];
};

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Registers the procedure-level contract of one content router. */
export function describeContentRouter(context: CallerContext, contract: ContentRouterContract): void {
  const admin = () => contract.pick(context.admin);
  const visitor = () => contract.pick(context.visitor);

  describe(`${contract.name}: procedures`, () => {
    it('create, list, byId, update and delete (happy path)', async () => {
      const input = await contract.validInput(context);
      const created = await admin().create(input);
      expect(created).toMatchObject({ ...input, id: expect.any(String) });
      expect(await visitor().list()).toContainEqual(created);
      expect(await visitor().byId({ id: created.id })).toEqual(created);

      const updated = await admin().update({ id: created.id, data: { ...input, ...contract.changes } });
      expect(updated).toMatchObject({ ...contract.changes, id: created.id });
      expect(await visitor().byId({ id: created.id })).toEqual(updated);

      expect(await admin().delete({ id: created.id })).toBeUndefined();
      await expectTRPCError(visitor().byId({ id: created.id }), 'NOT_FOUND', `${contract.name} not found`);
    });

    it.each(contract.invalid)(
      'refuses %j with BAD_REQUEST and its message, on create and update',
      async (override, message) => {
        const input = await contract.validInput(context);
        const existing = await admin().create(input);
        const before = await visitor().list();
        await expectTRPCError(admin().create({ ...input, ...override }), 'BAD_REQUEST', message);
        await expectTRPCError(
          admin().update({ id: existing.id, data: { ...input, ...override } }),
          'BAD_REQUEST',
          message,
        );
        expect(await visitor().list()).toEqual(before);
      },
    );

    it('answers NOT_FOUND for an unknown id', async () => {
      const input = await contract.validInput(context);
      await expectTRPCError(visitor().byId({ id: MISSING_ID }), 'NOT_FOUND', `${contract.name} not found`);
      await expectTRPCError(admin().update({ id: MISSING_ID, data: input }), 'NOT_FOUND', `${contract.name} not found`);
      await expectTRPCError(admin().delete({ id: MISSING_ID }), 'NOT_FOUND', `${contract.name} not found`);
    });

    it('refuses a blank id with BAD_REQUEST', async () => {
      await expectTRPCError(visitor().byId({ id: '  ' }), 'BAD_REQUEST', 'Id is required');
    });

    it('answers UNAUTHORIZED to writes without a key or with a wrong key, changing nothing', async () => {
      const input = await contract.validInput(context);
      const existing = await admin().create(input);
      const before = await visitor().list();
      await expectTRPCError(visitor().create(input), 'UNAUTHORIZED', 'Admin key required');
      await expectTRPCError(visitor().update({ id: existing.id, data: input }), 'UNAUTHORIZED', 'Admin key required');
      await expectTRPCError(visitor().delete({ id: existing.id }), 'UNAUTHORIZED', 'Admin key required');
      await expectTRPCError(
        contract.pick(context.wrongKey()).delete({ id: existing.id }),
        'UNAUTHORIZED',
        'Invalid admin key',
      );
      expect(await visitor().list()).toEqual(before);
    });
  });
}
