import { createRouter } from '@tanstack/react-router';
import {
  createRequestHandler,
  getSsrStatus,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import type { ManifestRoute, ServerManifest as Manifest } from '@tanstack/router-core';
import { renderToString } from 'react-dom/server';
import type { ClientAssets, SsrRenderInput, SsrRenderResult } from '../server/site/pages/types.js';
import { createQueryClient } from './query-client.js';
import { createAppRouter, routeTree, type RouterContext } from './router.js';
import { trpc } from './trpc.js';

type AppRouterInstance = ReturnType<typeof createAppRouter>;

type RouteLoading = { routeId: string; pageFile?: string; appAtOnce: boolean };

let routeLoadings: RouteLoading[] | undefined;

/**
 * Which route renders which page module, and which needs the app at once (route ids exist once a
 * router has processed the tree).
 */
function routesWithLoading(): RouteLoading[] {
  if (!routeLoadings) {
    const router = createRouter({ routeTree, context: {} as RouterContext });
    routeLoadings = Object.values(router.routesById).flatMap((route) => {
      const { pageFile, appAtOnce = false } = route.options.staticData ?? {};
      return pageFile || appAtOnce ? [{ routeId: route.id, pageFile, appAtOnce }] : [];
    });
  }
  return routeLoadings;
}

const manifests = new WeakMap<ClientAssets, Manifest>();

/** Where each page route leaves the modules of its chunk for the loader below. */
const PRELOAD_QUEUE = 'self.__pagePreloads';

/** Set by a route whose page is nothing without its script (the admin area): the loader imports it at once. */
const APP_AT_ONCE = 'self.__appAtOnce';

/**
 * What tells the loader a reader is about to use the page: a key, or a pointer or focus reaching a
 * control (a mouse over a link too, where the app's navigation then takes over). A finger starting
 * to scroll, or a pointer resting on the text, is not one.
 */
const INTENT_EVENTS = ['keydown', 'pointerover', 'pointerdown', 'focusin'];
const CONTROLS =
  'button,input,select,textarea,summary,label,[role=button],[role=tab],[role=switch],[role=checkbox],[role=menuitem]';

/**
 * The production loader. A reading page is complete without its script: the server rendered it, and
 * every control has a form, a link or a native element that works before any script runs (the
 * no-JavaScript tests). So a public page imports the app (React, the router, the page's chunk: about
 * 160 KB gzip) only when the reader reaches for a control; a reader who reads and follows links
 * fetches none of it. Until it has hydrated, a control answers as it does without JavaScript. A route
 * that sets APP_AT_ONCE (the admin area) imports it once the document is parsed and painted. Either
 * way it first adds module preloads for the entry's imports and the page's chunk (queued by the
 * route scripts after it). The stylesheets are linked in the head, so the first paint is styled and
 * what the script adds (menus, dialogs) is styled from its first frame.
 */
function deferredLoader(entry: string, preloads: string[]): string {
  return (
    `(()=>{let started=false;` +
    `const go=()=>{if(started)return;started=true;` +
    `for(const t of ${JSON.stringify(INTENT_EVENTS)})removeEventListener(t,intent,true);` +
    `for(const h of ${JSON.stringify(preloads)}.concat(${PRELOAD_QUEUE}||[])){` +
    `const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)}` +
    `import(${JSON.stringify(entry)})};` +
    `const intent=e=>{const t=e.target;` +
    `if(e.type==='keydown'||(t instanceof Element&&(t.closest(${JSON.stringify(CONTROLS)})||` +
    `(e.pointerType==='mouse'&&t.closest('a[href]')))))go()};` +
    `for(const t of ${JSON.stringify(INTENT_EVENTS)})addEventListener(t,intent,{capture:true,passive:true});` +
    `const start=()=>{if(${APP_AT_ONCE})requestAnimationFrame(()=>setTimeout(go))};` +
    `document.readyState==='loading'?addEventListener('DOMContentLoaded',start):start()})()`
  );
}

/**
 * The router's asset manifest: the client entry (stylesheets, module script, preloads) on the
 * root route, and each lazily loaded page's chunk on the route that renders it. The router
 * renders only the matched routes' entries and sends the same ones to the browser.
 */
function routerManifest(assets: ClientAssets): Manifest {
  const cached = manifests.get(assets);
  if (cached) return cached;
  const entry = assets.scripts.find((script) => 'src' in script);
  const deferred = assets.loadAfterFirstPaint === true && entry !== undefined && assets.scripts.length === 1;
  const routes: Record<string, ManifestRoute> = {
    __root__: deferred
      ? { css: assets.css, scripts: [{ children: deferredLoader(entry.src, assets.preloads) }] }
      : {
          css: assets.css,
          preloads: assets.preloads,
          scripts: assets.scripts.map((script) =>
            'src' in script
              ? { attrs: { type: 'module', src: script.src } }
              : { attrs: { type: 'module' }, children: script.code },
          ),
        },
  };
  for (const { routeId, pageFile, appAtOnce } of routesWithLoading()) {
    const chunk = pageFile === undefined ? undefined : assets.chunks[pageFile];
    if (!deferred) {
      if (chunk) routes[routeId] = { css: chunk.css, preloads: chunk.preloads };
      continue;
    }
    const scripts = [
      ...(chunk
        ? [{ children: `${PRELOAD_QUEUE}=(${PRELOAD_QUEUE}||[]).concat(${JSON.stringify(chunk.preloads)})` }]
        : []),
      ...(appAtOnce ? [{ children: `${APP_AT_ONCE}=true` }] : []),
    ];
    if (chunk || appAtOnce) routes[routeId] = { css: chunk?.css ?? [], scripts };
  }
  const manifest: Manifest = { routes };
  manifests.set(assets, manifest);
  return manifest;
}

/** A failed query other than a missing item (rate limit, database error): the page shows its error state. */
function hasTransientQueryError(router: AppRouterInstance): boolean {
  return router.options.context.queryClient
    .getQueryCache()
    .getAll()
    .some((query) => {
      if (query.state.status !== 'error') return false;
      const code = (query.state.error as { data?: { code?: unknown } } | null)?.data?.code;
      return code !== 'NOT_FOUND' && code !== 'BAD_REQUEST';
    });
}

/** A page whose item does not exist renders its own "not found" screen with status 404. */
function itemNotFound(router: AppRouterInstance): boolean {
  return router.stores.matches
    .get()
    .some((match) => (match.loaderData as { notFound?: boolean } | undefined)?.notFound === true);
}

/** Renders one page to a complete HTML document with TanStack Router's SSR. */
export async function render(input: SsrRenderInput): Promise<SsrRenderResult> {
  const url = new URL(input.url);
  const request = new Request(url, { method: 'GET' });
  let cacheable = true;
  let notFoundItem = false;

  const handler = createRequestHandler({
    request,
    createRouter: () => {
      const router = createAppRouter({
        queryClient: createQueryClient(),
        trpcClient: trpc.createClient({ links: [input.trpcLink] }),
        origin: url.origin,
        announcementDismissed: input.announcementDismissed,
        formOutcome: input.formOutcome ?? null,
        scriptNonce: input.scriptNonce,
      });
      return router;
    },
    getRouterManifest: () => routerManifest(input.assets),
  });

  // The document is kept as the string it is rendered to: TanStack's renderRouterToString would
  // put it in a Response only for it to be read back (two more copies of the page per render). A
  // render that throws reaches the page renderer, which logs it and answers with its error page.
  let html = '';
  const response = await handler(async ({ router, responseHeaders }) => {
    cacheable = !hasTransientQueryError(router);
    notFoundItem = itemNotFound(router);
    html = await transformHtmlStringWithRouter(router, renderToString(<RouterServer router={router} />));
    return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
  });

  if (response.status >= 300 && response.status < 400) {
    return { kind: 'redirect', status: response.status, location: response.headers.get('location') ?? '/' };
  }
  const status = response.status === 200 && notFoundItem ? 404 : response.status;
  return { kind: 'page', status, html, cacheable: cacheable && status < 500 };
}
