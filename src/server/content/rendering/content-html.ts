import type { ContentFormat } from '../../../domain/content-format.js';
import type { AppDatabase } from '../../db/connection.js';
import { loadResponsiveImages } from '../images/responsive-images.js';
import { renderContentHtml } from './render-content.js';

type WithContent = { content: string; contentFormat: ContentFormat };

/**
 * Adds `contentHtml`, the content rendered on the server (uploads in the text drawn responsively), to each
 * item. `publicOrigin` tells the site's own links from others.
 */
export async function withContentHtml<T extends WithContent>(
  db: AppDatabase,
  items: readonly T[],
  publicOrigin: string | null,
): Promise<Array<T & { contentHtml: string }>> {
  const images = await loadResponsiveImages(db);
  return items.map((item) => ({
    ...item,
    contentHtml: renderContentHtml(item.content, item.contentFormat, {
      images,
      ...(publicOrigin ? { siteOrigin: publicOrigin } : {}),
    }),
  }));
}
