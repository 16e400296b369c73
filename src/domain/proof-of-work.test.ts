import { describe, expect, it } from 'vitest';
import { sha256Hex, solvePowChallenge, type PowChallenge } from './proof-of-work.js';

/** A challenge whose secret number is `number` (the signature is not checked here). */
function challengeFor(number: number, maxnumber = 60_000): PowChallenge {
  const salt = `0123456789abcdef?expires=${Math.floor(Date.now() / 1000) + 600}`;
  return { algorithm: 'SHA-256', salt, challenge: sha256Hex(salt + number), maxnumber, signature: 'a'.repeat(64) };
}

describe('solvePowChallenge', () => {
  it('finds the secret number', async () => {
    const solution = await solvePowChallenge(challengeFor(1234));
    expect(solution).toMatchObject({ number: 1234, algorithm: 'SHA-256' });
    expect(solution).not.toHaveProperty('maxnumber');
  });

  it('gives the event loop back while it hashes, so the page keeps answering input', async () => {
    // Tens of thousands of hashes take far longer than one slice; every turn the solver gives
    // back lets a pending timer run. A solver that hashed in one go would let none run.
    let turnsGiven = 0;
    let counting = true;
    const countTurns = () => {
      if (!counting) return;
      turnsGiven++;
      setTimeout(countTurns, 0);
    };
    setTimeout(countTurns, 0);
    const solution = await solvePowChallenge(challengeFor(59_000));
    counting = false;
    expect(solution?.number).toBe(59_000);
    expect(turnsGiven).toBeGreaterThan(1);
  });

  it('stops when aborted, and answers null when no number fits', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solvePowChallenge(challengeFor(59_000), controller.signal)).toBeNull();
    expect(await solvePowChallenge(challengeFor(500, 100))).toBeNull();
  });
});
