import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { serverErrorMessage } from '../../ui/error-message.js';
import { RefreshIcon } from '../../ui/icons.js';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3, height = 96, label }: { rows?: number; height?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A friendly empty list: a title, an optional hint and an optional action. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" style={{ borderStyle: 'dashed' }}>
      <Stack gap="xs" align="center">
        <Title order={3} size="h4">
          {title}
        </Title>
        {hint && (
          <Text c="dimmed" size="sm" maw={420}>
            {hint}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/** A load failure: the title, the server's message (or a generic one) and a Retry button. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{serverErrorMessage(error, 'Something went wrong. Please try again.')}</Text>
        <Button
          variant="outline"
          color="red"
          size="xs"
          leftSection={<RefreshIcon size={14} />}
          onClick={onRetry}
          loading={retrying}
        >
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
