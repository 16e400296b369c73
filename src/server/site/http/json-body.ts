import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { HttpError } from './http-error.js';

export const FORBIDDEN_KEY_MESSAGE = 'Keys named "__proto__" or "constructor" are not allowed in the request body';
const MALFORMED_JSON_MESSAGE = 'Malformed JSON in request body';
const EMPTY_BODY_MESSAGE = 'Request body is empty';

/**
 * Fastify's JSON parser, except that it says why a body was refused: a prototype-pollution key
 * is not "malformed JSON", and the client should be told which it was.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(new HttpError(400, EMPTY_BODY_MESSAGE), undefined);
      return;
    }
    try {
      done(null, secureJsonParse.parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const forbiddenKey = error instanceof SyntaxError && /forbidden prototype property/.test(error.message);
      done(new HttpError(400, forbiddenKey ? FORBIDDEN_KEY_MESSAGE : MALFORMED_JSON_MESSAGE), undefined);
    }
  });
}
