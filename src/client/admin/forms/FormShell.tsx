import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import classes from '../admin.module.css';

type FormShellProps = {
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  /** Another way to submit, beside the primary button (e.g. "Publish and send to subscribers"). */
  secondaryAction?: ReactNode;
  children: ReactNode;
};

/**
 * The Add/Edit form that replaces a list: a heading that takes focus when it opens (so screen
 * readers and keyboards land in it), the fields, then Cancel and the pending-aware submit.
 */
export function FormShell({
  title,
  onSubmit,
  onCancel,
  saving,
  submitLabel,
  secondaryAction,
  children,
}: FormShellProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={880}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1} className={classes.formHeading}>
            {title}
          </Title>
          {children}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            {secondaryAction}
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
