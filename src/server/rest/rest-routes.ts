import type { createCaller } from '../trpc/app-router.js';

type Caller = ReturnType<typeof createCaller>;

export type RestRequest = { params: Record<string, string>; body: unknown; query: Record<string, string | undefined> };

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** 200 by default; creates answer 201, deletes 204. */
  status?: 200 | 201 | 204;
  call: (caller: Caller, request: RestRequest) => Promise<unknown>;
  /**
   * Public reads only: what the answer depends on (the procedure's input). The serialised
   * answer is kept under this key until the next content write, so a repeat read skips the
   * procedure (but not the per-address read limit).
   */
  publicReadKey?: (request: RestRequest) => string;
};

const id = (request: RestRequest) => request.params.id ?? '';

/** The procedures of one content kind, as a caller exposes them. Inputs are validated there. */
type ContentCaller = {
  list: (input?: never) => Promise<unknown>;
  byId: (input: { id: string }) => Promise<unknown>;
  create: (input: never) => Promise<unknown>;
  update: (input: never) => Promise<unknown>;
  delete: (input: { id: string }) => Promise<unknown>;
};

/** CRUD routes of one content kind, e.g. /api/books; `listInput` maps the query string. */
function contentRoutes(
  base: string,
  pick: (caller: Caller) => ContentCaller,
  listInput: (request: RestRequest) => unknown = () => undefined,
): RestRoute[] {
  return [
    {
      method: 'GET',
      url: base,
      call: (caller, r) => pick(caller).list(listInput(r) as never),
      publicReadKey: (r) => `${base} ${JSON.stringify(listInput(r)) ?? ''}`,
    },
    {
      method: 'GET',
      url: `${base}/:id`,
      call: (caller, r) => pick(caller).byId({ id: id(r) }),
      publicReadKey: (r) => `${base}/:id ${id(r)}`,
    },
    { method: 'POST', url: base, status: 201, call: (caller, r) => pick(caller).create(r.body as never) },
    {
      method: 'PUT',
      url: `${base}/:id`,
      call: (caller, r) => pick(caller).update({ id: id(r), data: r.body } as never),
    },
    { method: 'DELETE', url: `${base}/:id`, status: 204, call: (caller, r) => pick(caller).delete({ id: id(r) }) },
  ];
}

const blogListInput = (request: RestRequest) =>
  request.query.category === undefined ? undefined : { category: request.query.category };

/**
 * The documented /api endpoints (spec section 7 plus by-id reads). Each one only calls a
 * tRPC procedure: validation, auth and rules live in the procedures.
 */
export const restRoutes: RestRoute[] = [
  ...contentRoutes('/api/books', (caller) => caller.books),
  ...contentRoutes('/api/excerpts', (caller) => caller.excerpts),
  ...contentRoutes('/api/blog', (caller) => caller.blog, blogListInput),
  ...contentRoutes('/api/art', (caller) => caller.art),
  ...contentRoutes('/api/playlists', (caller) => caller.playlists),
  { method: 'POST', url: '/api/contact', status: 201, call: (caller, r) => caller.contact.send(r.body as never) },
  {
    method: 'POST',
    url: '/api/newsletter',
    status: 201,
    call: (caller, r) => caller.newsletter.subscribe(r.body as never),
  },
  { method: 'POST', url: '/api/preorders', status: 201, call: (caller, r) => caller.preorders.create(r.body as never) },
  { method: 'POST', url: '/api/admin/login', call: (caller, r) => caller.admin.login(r.body as never) },
  { method: 'POST', url: '/api/admin/logout', status: 204, call: (caller) => caller.admin.logout() },
  { method: 'GET', url: '/api/admin/verify', call: (caller) => caller.admin.verify() },
  { method: 'GET', url: '/api/admin/contact', call: (caller) => caller.admin.contactSubmissions() },
  { method: 'GET', url: '/api/admin/newsletter', call: (caller) => caller.admin.newsletterSubscriptions() },
  { method: 'GET', url: '/api/admin/preorders', call: (caller) => caller.admin.preorders() },
  {
    method: 'POST',
    url: '/api/admin/change-password',
    call: (caller, r) => caller.admin.changePassword(r.body as never),
  },
  { method: 'GET', url: '/api/admin/backups/latest', call: (caller) => caller.maintenance.backupStatus() },
  { method: 'GET', url: '/api/admin/uploads/unreferenced', call: (caller) => caller.maintenance.unreferencedUploads() },
  {
    method: 'POST',
    url: '/api/admin/uploads/unreferenced/remove',
    call: (caller, r) => caller.maintenance.removeUnreferencedUploads(r.body as never),
  },
];
