import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { describeValidationIssues } from '../../../domain/errors.js';
import { MAX_CALLS_PER_BATCH } from '../../../domain/limits.js';

export const TOO_MANY_CALLS = `Send at most ${MAX_CALLS_PER_BATCH} calls per request`;
/** tRPC's own message for a batch over maxBatchSize, told as TOO_MANY_CALLS. */
const TRPC_BATCH_TOO_BIG = 'Batch call exceeds maximum size';

/**
 * The human-readable message of any error a procedure threw: the tRPC answers (trpc.ts), the REST routes
 * and the posted forms tell the same words.
 */
export function messageOf(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeValidationIssues(error.cause.issues);
  if (error.code === 'BAD_REQUEST' && error.message === TRPC_BATCH_TOO_BIG) return TOO_MANY_CALLS;
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong. Please try again.';
  return error.message;
}
