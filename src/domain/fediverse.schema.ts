import { z } from 'zod';
import { parseBlockTarget } from './fediverse.js';

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
