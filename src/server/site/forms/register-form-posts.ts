import fastifyFormbody from '@fastify/formbody';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { HONEYPOT_FIELD_NAME } from '../../../domain/fields.js';
import { FORM_POST_BODY_LIMIT, type FormOutcome } from '../../../domain/form-posts.js';
import type { ClientPageHandler } from '../pages/client-app.js';
import { describeError } from '../http/errors.js';
import { HttpError } from '../http/http-error.js';
import { retryLaterOf } from '../rate-limit/retry-later.js';
import { createCaller } from '../../trpc/app-router.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';
import { messageOf } from '../http/procedure-errors.js';
import { isSameSitePost } from './form-origin.js';
import { POSTED_FORM_DEFINITIONS, type PostedFormDefinition } from './posted-forms.js';

const NOT_URL_ENCODED = 'Unsupported content type: send the form as application/x-www-form-urlencoded';

const MESSAGES_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The form is too large (at most ${FORM_POST_BODY_LIMIT / 1024} KB)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: NOT_URL_ENCODED,
};

/**
 * The public forms posted without JavaScript (POST /contact, /newsletter, /preorder). Each
 * calls the same procedure as the JSON API (schema, honeypot, rate limit, storage), then
 * redirects (303) to the page with its success text, or answers with the form's page showing
 * the errors and the values sent. Only url-encoded bodies are read here: the JSON API keeps
 * its own paths, and this scope parses nothing else.
 */
export async function registerFormPosts(
  app: FastifyInstance,
  services: AppServices,
  servePage: ClientPageHandler,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: FORM_POST_BODY_LIMIT });
    scope.setErrorHandler(handleFormPostError);
    // Another site's page posting into these forms is refused before its body is read.
    scope.addHook('onRequest', async (request) => {
      if (!isSameSitePost(request, services.publicOrigin))
        throw new HttpError(403, 'Forms are accepted from this site only');
    });

    for (const definition of POSTED_FORM_DEFINITIONS) {
      scope.post(definition.path, (request, reply) => handlePost(definition, request, reply));
    }
  });

  async function handlePost(definition: PostedFormDefinition, request: FastifyRequest, reply: FastifyReply) {
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(415, NOT_URL_ENCODED);
    const input = pickFields(body as Record<string, unknown>, definition.fields);
    const query = request.query as Record<string, unknown>;
    const caller = createCaller(createRequestContext(services, request));
    try {
      await definition.submit(caller, input, query);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return answerRefusal(definition, request, reply, input, error);
    }
    return reply.header('cache-control', 'no-store').redirect(definition.sentLocation(input, query), 303);
  }

  function answerRefusal(
    definition: PostedFormDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
    input: Record<string, unknown>,
    error: TRPCError,
  ) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) request.log.error({ err: error, form: definition.form }, 'form post failed');
    const retryLater = retryLaterOf(error);
    if (retryLater) reply.header('retry-after', String(retryLater.retryAfterSeconds));
    const outcome: FormOutcome = {
      form: definition.form,
      values: textValues(input),
      fieldErrors: fieldErrorsOf(error),
      message: messageOf(error),
    };
    const location = definition.pageOf(request.query as Record<string, unknown>);
    return servePage(request, reply, { location, outcome, status });
  }
}

/** The schema's fields as sent (a repeated field stays a list, which the schema refuses). */
function pickFields(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(body, field)) input[field] = body[field];
  return input;
}

/** What the refused form shows again: text values only, and never the honeypot's. */
function textValues(input: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(input))
    if (field !== HONEYPOT_FIELD_NAME && typeof value === 'string') values[field] = value;
  return values;
}

function fieldErrorsOf(error: TRPCError): Record<string, string> {
  if (!(error.cause instanceof ZodError)) return {};
  const errors: Record<string, string> = {};
  for (const issue of error.cause.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** A body that never reached a procedure (too large, not url-encoded, cross-site): a short text answer. */
function handleFormPostError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = describeError(error);
  if (status >= 500) request.log.error({ err: error }, 'form post failed');
  const message = (error.code && MESSAGES_BY_CODE[error.code]) || body.error;
  void reply.status(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
}
