import { contentPreviewInputSchema } from '../../domain/content-preview.schema.js';
import { renderContentHtml } from './rendering/render-content.js';
import { loadResponsiveImages } from './images/responsive-images.js';
import { adminProcedure, router } from '../trpc/trpc.js';

/** The admin editor's helpers around long text. */
export const contentRouter = router({
  /**
   * The HTML the public page would show for this text, from the one shared renderer. A mutation so the text
   * travels in a POST body (a query would put up to 200,000 characters in the URL); it writes nothing.
   */
  preview: adminProcedure.input(contentPreviewInputSchema).mutation(async ({ input, ctx }) => ({
    // Uploads in the text are drawn responsively, as on the public page.
    html: renderContentHtml(input.content, input.format, {
      siteOrigin: ctx.siteOrigin,
      images: await loadResponsiveImages(ctx.db),
    }),
  })),
});
