import { z } from 'zod';
import { parseBlockTarget } from './fediverse.js';
import { isActorAddress } from './site-settings.js';

export const fediverseBlockInputSchema = z.object({
  target: z
    .string({ error: 'Target must be an account (its address or @user@server) or a server' })
    .max(500, { error: 'Target must be at most 500 characters' })
    .transform((value, ctx) => {
      const parsed = parseBlockTarget(value);
      if (!parsed) {
        ctx.addIssue({
          code: 'custom',
          message: 'Target must be an account (https://server/users/name or @user@server) or a server (server.example)',
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

const MOVE_TARGET_MESSAGE = 'The new account must be its actor address, like https://new.example/users/me';

/** Settings → Site → Fediverse → "Move this account": the new account's actor address. */
export const fediverseMoveInputSchema = z.object({
  target: z
    .string({ error: MOVE_TARGET_MESSAGE })
    .trim()
    .max(2_048, { error: 'The new account must be at most 2048 characters' })
    .refine(isActorAddress, { message: MOVE_TARGET_MESSAGE }),
});

/** Where the account moved (the actor's `movedTo`), kept apart from Settings → Site: only a checked Move sets it. */
export const fediverseMoveSchema = z.object({ movedTo: z.string().nullable().default(null) });
