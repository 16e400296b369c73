// Mantine's base styles and only the components the public pages use (the full stylesheet is
// ~32 KB gzip; the admin route loads it with its own code). A public page that starts using
// another Mantine component needs its stylesheet added here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reportNavigations } from './analytics/navigation-beacon.js';
import { isAnnouncementDismissedCookie } from './layout/announcement-context.js';
import { createQueryClient } from './query-client.js';
import { createAppRouter } from './router.js';
import { createBrowserTrpcClient } from './trpc.js';

/**
 * Hydrates the server-rendered document. The router restores the server's loader data and
 * query cache (dehydrated into the page) before the first render, so nothing is fetched again.
 */
const router = createAppRouter({
  queryClient: createQueryClient(),
  trpcClient: createBrowserTrpcClient(),
  origin: window.location.origin,
  announcementDismissed: isAnnouncementDismissedCookie(document.cookie),
});
reportNavigations(router);

/**
 * React renders again on the client when rendering or hydrating throws, and by default reports only its own
 * wrapper ("Minified React error #422/#520"): log what was thrown, and where, so the console says why.
 */
function logRecoveredError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const detail = cause instanceof Error ? `${cause.name}: ${cause.message}\n${cause.stack ?? ''}` : String(cause);
  console.error(`Recovered from an error while rendering: ${detail}${info.componentStack ?? ''}`);
}

// As a transition, hydration yields to the browser between components instead of one long task.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
    { onRecoverableError: logRecoveredError },
  );
});
