import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient } from './query-client.js';
import { createAppRouter } from './router.js';
import { createBrowserTrpcClient, trpc } from './trpc.js';
import { Toaster } from './ui/Toaster.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createBrowserTrpcClient);
  const [router] = useState(createAppRouter);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider defaultColorScheme="dark" forceColorScheme="dark">
          <RouterProvider router={router} />
          <Toaster />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
