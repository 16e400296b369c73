import { describe, expect, it } from 'vitest';
import { fediverseHandle, remoteFollowUrl } from './fediverse-follow.js';
import { followServerSchema } from './fediverse-follow.schema.js';

describe('Follow from Mastodon', () => {
  it('reads the server from what a reader types: a domain, an address or their own handle', () => {
    for (const typed of [
      'mastodon.social',
      ' Mastodon.Social ',
      'https://mastodon.social/',
      'mastodon.social/about',
      '@me@mastodon.social',
      'me@mastodon.social',
      'mastodon.social.',
    ])
      expect(followServerSchema.parse(typed), typed).toBe('mastodon.social');
  });

  it('refuses what is not a domain name, with one clear message', () => {
    for (const typed of [
      '',
      'localhost',
      'mastodon',
      '127.0.0.1',
      'javascript:alert(1)',
      'a b.social',
      'exa_mple.com',
      `${'a'.repeat(300)}.com`,
      '-bad.social',
      'x.123',
    ])
      expect(followServerSchema.safeParse(typed).error?.issues[0]?.message, typed).toBe(
        'Server must be a domain name, such as mastodon.social',
      );
  });

  it("names the site's account by its host, and sends the reader to their server's follow page", () => {
    const handle = fediverseHandle('author', 'https://cinderwake.example');
    expect(handle).toBe('@author@cinderwake.example');
    expect(fediverseHandle('author', 'http://127.0.0.1:3000')).toBe('@author@127.0.0.1:3000');
    expect(remoteFollowUrl('mastodon.social', handle)).toBe(
      'https://mastodon.social/authorize_interaction?uri=%40author%40cinderwake.example',
    );
  });
});
