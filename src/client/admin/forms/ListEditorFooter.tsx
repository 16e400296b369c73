import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlusIcon } from '../../ui/icons.js';

type ListEditorFooterProps = {
  /** The error of the list as a whole (e.g. "at most 12"), shown above the button. */
  error: ReactNode;
  addLabel: string;
  onAdd: () => void;
  /** The list is full. */
  full: boolean;
  variant?: 'light' | 'subtle';
};

/** The end of a repeatable list editor (tracks, editions, shop links): its list-wide error and the Add button. */
export function ListEditorFooter({ error, addLabel, onAdd, full, variant = 'light' }: ListEditorFooterProps) {
  return (
    <>
      {typeof error === 'string' && error !== '' && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant={variant} size="xs" leftSection={<PlusIcon size={14} />} onClick={onAdd} disabled={full}>
          {addLabel}
        </Button>
      </Group>
    </>
  );
}
