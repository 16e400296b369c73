import { useCallback, useRef } from 'react';
import { trpc } from '../trpc.js';

/**
 * The sign-up form's proof-of-work challenge, solved out of sight: asked for when the reader
 * first touches the form and solved in small chunks while they type (src/domain/proof-of-work.ts),
 * so the page stays responsive and the press of Subscribe rarely waits. Undefined when the site
 * asks for none, or when anything fails (the sign-up then goes through the server's slow lane).
 */
export function useSignupChallenge() {
  const utils = trpc.useUtils();
  const solving = useRef<Promise<string | undefined> | null>(null);

  const start = useCallback((): Promise<string | undefined> => {
    solving.current ??= (async () => {
      try {
        const { challenge } = await utils.client.newsletter.challenge.query();
        if (!challenge) return undefined;
        const { solvePowChallenge, encodePowSolution } = await import('../../domain/proof-of-work.js');
        const solution = await solvePowChallenge(challenge);
        return solution ? encodePowSolution(solution) : undefined;
      } catch {
        return undefined;
      }
    })();
    return solving.current;
  }, [utils]);

  /** The solution for this sign-up; the next one solves a fresh challenge (each works once). */
  const take = useCallback(async (): Promise<string | undefined> => {
    const solution = await start();
    solving.current = null;
    return solution;
  }, [start]);

  return { start, take };
}
