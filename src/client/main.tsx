import '@mantine/core/styles.css';
import { MantineProvider, Title, Container, Text } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import superjson from 'superjson';
import { trpc } from './trpc.js';

function Books() {
  const books = trpc.books.list.useQuery();
  return (
    <ul>
      {books.data?.map((book) => (
        <li key={book.id}>{book.title}</li>
      ))}
    </ul>
  );
}

function App() {
  const [queryClient] = useState(() => new QueryClient());
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson })] }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider defaultColorScheme="dark">
          <Container py="xl">
            <Title>The throne awaits</Title>
            <Text>Books</Text>
            <Books />
          </Container>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
