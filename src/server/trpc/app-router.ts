import { arcRouter } from '../arc/arc-router.js';
import { analyticsRouter } from '../analytics/analytics-router.js';
import { adminRouter } from '../auth/admin-router.js';
import { artRouter } from '../content/art/art-router.js';
import { blogRouter } from '../content/blog/blog-router.js';
import { booksRouter } from '../content/books/books-router.js';
import { commentsRouter } from '../comments/comments-router.js';
import { contentRouter } from '../content/content-router.js';
import { fediverseRouter } from '../fediverse/fediverse-router.js';
import { excerptsRouter } from '../content/excerpts/excerpts-router.js';
import { giftRouter } from '../newsletter/gift/gift-router.js';
import { editionFilesRouter } from '../sales/copies/edition-files-router.js';
import { mailRouter } from '../newsletter/issues/mail-router.js';
import { newsletterArchiveRouter } from '../newsletter/issues/archive-router.js';
import { maintenanceRouter } from '../operations/maintenance-router.js';
import { playlistsRouter } from '../content/playlists/playlists-router.js';
import { searchRouter } from '../content/search/search-router.js';
import { sitePagesRouter } from '../content/pages/site-pages-router.js';
import { seriesRouter } from '../content/series/series-router.js';
import { settingsRouter } from '../site/settings/settings-router.js';
import { siteRouter } from '../site/settings/site-router.js';
import { contactRouter, preordersRouter } from '../site/contact/submissions-router.js';
import { newsletterRouter } from '../newsletter/newsletter-router.js';
import { suppressionsRouter } from '../deliverability/suppressions-router.js';
import { salesRouter } from '../sales/sales-router.js';
import { senderCheckRouter } from '../deliverability/sender-check-router.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  books: booksRouter,
  series: seriesRouter,
  excerpts: excerptsRouter,
  blog: blogRouter,
  pages: sitePagesRouter,
  art: artRouter,
  playlists: playlistsRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  preorders: preordersRouter,
  admin: adminRouter,
  maintenance: maintenanceRouter,
  mail: mailRouter,
  gift: giftRouter,
  editionFiles: editionFilesRouter,
  settings: settingsRouter,
  site: siteRouter,
  newsletterArchive: newsletterArchiveRouter,
  content: contentRouter,
  search: searchRouter,
  analytics: analyticsRouter,
  suppressions: suppressionsRouter,
  sales: salesRouter,
  senderCheck: senderCheckRouter,
  arc: arcRouter,
  comments: commentsRouter,
  fediverse: fediverseRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
