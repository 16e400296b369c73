import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app-context.js';
import { createVia, getList } from '../../test-support/http.js';
import {
  TEST_ADMIN_PASSWORD,
  validArtPiece,
  validBlogPost,
  validPreorderBook,
  validExcerpt,
  validPlaylist,
} from '../../test-support/test-app.js';

const context = useTestApp();
const SECRET_EMAILS = ['contact.secret@example.com', 'newsletter.secret@example.com', 'preorder.secret@example.com'];
const PUBLIC_LISTS = ['/api/books', '/api/excerpts', '/api/blog', '/api/art', '/api/playlists'];

let itemUrls: string[] = [];

beforeAll(async () => {
  const create = (url: string, payload: object) =>
    createVia<{ id: string }>(context.t.app, url, context.token, payload);
  const book = await create('/api/books', validPreorderBook);
  const created = [
    ['/api/books', book.id],
    ['/api/excerpts', (await create('/api/excerpts', validExcerpt(book.id))).id],
    ['/api/blog', (await create('/api/blog', validBlogPost)).id],
    ['/api/art', (await create('/api/art', validArtPiece)).id],
    ['/api/playlists', (await create('/api/playlists', validPlaylist)).id],
  ];
  itemUrls = created.map(([url, id]) => `${url}/${id}`);
  const submissions = [
    ['/api/contact', { name: 'Secret Sender', email: SECRET_EMAILS[0], message: 'Private words.' }],
    ['/api/newsletter', { email: SECRET_EMAILS[1] }],
    [
      '/api/preorders',
      {
        bookId: book.id,
        customerName: 'Secret Buyer',
        customerEmail: SECRET_EMAILS[2],
        preferredFormat: 'ebook',
        phoneNumber: '+1 555 0199',
      },
    ],
  ] as const;
  for (const [url, payload] of submissions) {
    const res = await context.t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('@');
  }
});

describe('public reads never expose private data', () => {
  it('no public GET contains an email, the password, its hash or a session token', async () => {
    const [{ password: passwordHash }] = (await context.t.services.db
      .selectFrom('users')
      .select('password')
      .execute()) as [{ password: string }];
    const [{ tokenHash }] = (await context.t.services.db.selectFrom('adminSessions').select('tokenHash').execute()) as [
      { tokenHash: string },
    ];
    const secrets = [
      ...SECRET_EMAILS,
      'Secret Sender',
      'Secret Buyer',
      '+1 555 0199',
      TEST_ADMIN_PASSWORD,
      passwordHash,
      'scrypt$',
      tokenHash,
      context.token,
    ];

    const urls = [
      ...PUBLIC_LISTS,
      ...itemUrls,
      '/api/blog?category=announcements',
      '/healthz',
      '/trpc/books.list',
      '/trpc/blog.list',
    ];
    for (const url of urls) {
      const res = await context.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      for (const secret of secrets) expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
      expect(res.body, url).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      expect(res.body, url).not.toMatch(/"(email|customerEmail|password|token|tokenHash)"/i);
    }
  });

  it('the admin lists do hold the data (so the check above is meaningful)', async () => {
    const contact = await getList(context.t.app, '/api/admin/contact', context.token);
    const newsletter = await getList(context.t.app, '/api/admin/newsletter', context.token);
    const preorders = await getList(context.t.app, '/api/admin/preorders', context.token);
    expect(JSON.stringify([contact, newsletter, preorders])).toEqual(expect.stringContaining(SECRET_EMAILS[2]!));
    expect(contact).toContainEqual(expect.objectContaining({ email: SECRET_EMAILS[0] }));
    expect(newsletter).toContainEqual(expect.objectContaining({ email: SECRET_EMAILS[1] }));
    expect(JSON.stringify([contact, newsletter, preorders])).not.toContain('scrypt$');
  });
});
