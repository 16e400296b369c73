import { analyticsRouter } from '../analytics/analytics-router.js';
import { adminRouter } from './routers/admin.js';
import { artRouter } from './routers/art.js';
import { blogRouter } from './routers/blog.js';
import { booksRouter } from './routers/books.js';
import { contentRouter } from './routers/content.js';
import { excerptsRouter } from './routers/excerpts.js';
import { giftRouter } from './routers/gift.js';
import { mailRouter } from './routers/mail.js';
import { newsletterArchiveRouter } from './routers/newsletter-archive.js';
import { maintenanceRouter } from './routers/maintenance.js';
import { playlistsRouter } from './routers/playlists.js';
import { searchRouter } from './routers/search.js';
import { seriesRouter } from './routers/series.js';
import { settingsRouter } from './routers/settings.js';
import { siteRouter } from './routers/site.js';
import { contactRouter, newsletterRouter, preordersRouter } from './routers/submissions.js';
import { suppressionsRouter } from './routers/suppressions.js';
import { senderCheckRouter } from './routers/sender-check.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  books: booksRouter,
  series: seriesRouter,
  excerpts: excerptsRouter,
  blog: blogRouter,
  art: artRouter,
  playlists: playlistsRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  preorders: preordersRouter,
  admin: adminRouter,
  maintenance: maintenanceRouter,
  mail: mailRouter,
  gift: giftRouter,
  settings: settingsRouter,
  site: siteRouter,
  newsletterArchive: newsletterArchiveRouter,
  content: contentRouter,
  search: searchRouter,
  analytics: analyticsRouter,
  suppressions: suppressionsRouter,
  senderCheck: senderCheckRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
