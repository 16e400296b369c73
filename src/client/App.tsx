import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, Scripts, useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnnouncementDismissedContext } from './layout/announcement-context.js';
import { NavigationProgress } from './layout/NavigationProgress.js';
import { theme } from './theme.js';
import { trpc, type createBrowserTrpcClient } from './trpc.js';
import { Toaster } from './ui/Toaster.js';

export type AppTrpcClient = ReturnType<typeof createBrowserTrpcClient>;

/** The data providers around the router (its `Wrap`): the same on the server and in the browser. */
export function AppProviders({
  queryClient,
  trpcClient,
  children,
}: {
  queryClient: QueryClient;
  trpcClient: AppTrpcClient;
  children: ReactNode;
}) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * The whole document, rendered by the root route on the server and hydrated in the browser.
 * The colour scheme is fixed to dark, so the attribute Mantine's ColorSchemeScript would set
 * is written straight into the markup (no script needed).
 */
export function RootDocument() {
  const { announcementDismissed } = useRouteContext({ from: '__root__' });
  return (
    <html lang="en" data-mantine-color-scheme="dark">
      <head>
        <HeadContent />
      </head>
      <body>
        {/* The theme's CSS variables come from styles/theme-variables.css (cached, and pruned per page)
            instead of a 16 KB <style> in every page. */}
        <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark" withCssVariables={false}>
          <NavigationProgress />
          <AnnouncementDismissedContext value={announcementDismissed}>
            <Outlet />
          </AnnouncementDismissedContext>
          <Toaster />
        </MantineProvider>
        <Scripts />
      </body>
    </html>
  );
}
