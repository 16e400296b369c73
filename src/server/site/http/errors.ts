import { MAX_UPLOAD_MB } from '../../../domain/limits.js';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { retryLaterOf } from '../rate-limit/retry-later.js';
import { HttpError } from './http-error.js';
import { messageOf } from './procedure-errors.js';
import { discardUnreadBody } from './unread-body.js';

type ErrorBody = { error: string };

/**
 * An HTTP status and a human-readable message for any error; 5xx hides the details. The site's own
 * refusals are HttpErrors (RetryLater, ImportRefused, ImageRejectedError among them); a procedure's
 * a TRPCError; Fastify's and its plugins' errors carry a statusCode and a code (MESSAGES_BY_CODE).
 */
export function describeError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) {
    return { status: getHTTPStatusCodeFromError(error), body: { error: messageOf(error) } };
  }
  if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { error: error.message } };
  }
  const status = (error as FastifyError | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: clientErrorMessage(error as FastifyError) } };
  }
  return { status: 500, body: { error: 'Something went wrong. Please try again.' } };
}

const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (at most 1 MB)',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_REQ_FILE_TOO_LARGE: `File too large: images must be at most ${MAX_UPLOAD_MB} MB`,
  FST_FILES_LIMIT: 'Send one image at a time',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the image as multipart/form-data in the field "image"',
};

function clientErrorMessage(error: FastifyError): string {
  if (error.code && MESSAGES_BY_CODE[error.code]) return MESSAGES_BY_CODE[error.code]!;
  if (error instanceof SyntaxError) return 'Malformed JSON in request body';
  return error.message || 'Bad request';
}

/**
 * Fastify's error handler: every error becomes JSON `{ error }`; a client's mistake is never a 500.
 * A body refused before it was read (413) is read to its end first (bounded), so the client that is
 * still sending it can read the answer.
 */
export async function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { status, body } = describeError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const retryLater = retryLaterOf(error);
  if (retryLater) void reply.header('retry-after', String(retryLater.retryAfterSeconds));
  if (status === 413) await discardUnreadBody(request.raw);
  return reply.status(status).send(body);
}
