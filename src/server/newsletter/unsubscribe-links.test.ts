import { describe, expect, it } from 'vitest';
import { unsubscribeLinkFor } from './unsubscribe-links.js';

describe('unsubscribeLinkFor', () => {
  it('builds the absolute URL with the token and the RFC 8058 headers', () => {
    const { url, headers } = unsubscribeLinkFor('https://site.example', 'abc.def_-', {
      name: 'Delphine Rook',
      address: 'news@delphinerook.com',
    });
    expect(url).toBe('https://site.example/newsletter/unsubscribe?token=abc.def_-');
    expect(headers).toEqual({
      'List-Unsubscribe': `<${url}>, <mailto:news@delphinerook.com?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it.each([
    'newsletter@localhost',
    'news@site.local',
    'news@site.invalid',
    'noreply@delphinerook.com',
    'no-reply@x.com',
  ])('offers no mailto for a sender nobody reads (%s)', (address) => {
    const { headers } = unsubscribeLinkFor('http://127.0.0.1:3000', 't', { name: null, address });
    expect(headers['List-Unsubscribe']).toBe('<http://127.0.0.1:3000/newsletter/unsubscribe?token=t>');
  });
});
