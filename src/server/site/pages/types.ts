import type { TRPCLink } from '@trpc/client';
import type { FormOutcome } from '../../../domain/form-posts.js';
import type { AppRouter } from '../../trpc/app-router.js';

/**
 * The contract between the Fastify process and the server renderer (src/client/entry-server.tsx,
 * built to dist/ssr/entry-server.js). The renderer never imports server code: the server hands it
 * an in-process tRPC link (unstable_localLink over the app router) for each request.
 */

/** A stylesheet, module script or module preload of the client build, as absolute paths ('/assets/...'). */
export type ClientAssets = {
  /** Stylesheets every page needs (the client entry's CSS). */
  css: string[];
  /** Module scripts to run (the client entry), plus inline module sources in development. */
  scripts: Array<{ src: string } | { code: string }>;
  /** Modules the entry imports statically: preloaded in the head. */
  preloads: string[];
  /**
   * The extra files of each lazily loaded page chunk, by its source file relative to src/client
   * (e.g. 'pages/BlogPage.tsx'): preloaded only on the pages that render it.
   */
  chunks: Record<string, { css: string[]; preloads: string[] }>;
  /**
   * Start downloading the scripts only after the first paint (production): the stylesheets,
   * the images and the fonts of the server-rendered page get the bandwidth first.
   */
  loadAfterFirstPaint?: boolean;
};

export type SsrRenderInput = {
  /** The absolute URL of the page (origin + path + query). */
  url: string;
  /** Whether the visitor dismissed the announcement bar (cookie announcementDismissed=1). */
  announcementDismissed: boolean;
  /** A refused form post: the page shows its form with these values and errors. */
  formOutcome?: FormOutcome | undefined;
  /** The tRPC link the page's data loads through (in-process, no HTTP). */
  trpcLink: TRPCLink<AppRouter>;
  assets: ClientAssets;
  /**
   * A random value new for each render, given to the router as its CSP nonce: it marks the inline
   * scripts the renderer writes itself. The server hashes only those into the page's CSP and strips
   * the marker, so a script that reached the HTML any other way (content) is never allowed.
   */
  scriptNonce?: string;
};

export type SsrRenderResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      /**
       * False when a query failed for a reason other than a missing item (e.g. a rate limit or a
       * database error): such a page must not be kept in the HTML cache.
       */
      cacheable: boolean;
    }
  | { kind: 'redirect'; status: number; location: string };

export type SsrEntry = {
  render: (input: SsrRenderInput) => Promise<SsrRenderResult>;
};
