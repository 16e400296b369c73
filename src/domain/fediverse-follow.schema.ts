import { z } from 'zod';

/** "Follow from Mastodon"'s one field, for the form and GET /follow (src/domain/fediverse-follow.ts). */
export const FOLLOW_SERVER_MESSAGE = 'Server must be a domain name, such as mastodon.social';

/** A DNS name of at least two labels, ending in letters: `mastodon.social`, `fosstodon.org`, `social.example.co.uk`. */
const DOMAIN_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * What a reader types for their server: `mastodon.social`, `https://mastodon.social/`, or their whole handle
 * `@me@mastodon.social` — reduced to the server's domain name.
 */
export const followServerSchema = z
  .string({ error: FOLLOW_SERVER_MESSAGE })
  .max(300, FOLLOW_SERVER_MESSAGE)
  .transform((typed) => {
    let server = typed.trim().toLowerCase();
    server = server.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
    server = server.split(/[/?#]/)[0]!;
    server = server.slice(server.lastIndexOf('@') + 1);
    return server.replace(/\.$/, '');
  })
  .refine((server) => DOMAIN_NAME.test(server), FOLLOW_SERVER_MESSAGE);

/** The query GET /follow takes (the form's one field). */
export const followQuerySchema = z.object({ server: followServerSchema });
