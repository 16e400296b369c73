import { ActionIcon, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { CloseIcon } from '../../ui/icons.js';

/**
 * A repeatable list editor (tracks, editions): a fieldset named by its legend and count, a line
 * saying the list is empty, the rows as an ordered list, then its footer (ListEditorFooter).
 */
export function ListEditorFieldset({
  legend,
  count,
  emptyText,
  footer,
  children,
}: {
  legend: string;
  count: number;
  emptyText: string;
  footer: ReactNode;
  /** The rows, each an `<li>`. */
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {legend} ({count})
      </Text>
      {count === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
      {footer}
    </Stack>
  );
}

/** A field's label within a row: "Title" on screen, "Track 2 Title" for screen readers. */
export function RowFieldLabel({ row, name }: { row: string; name: string }) {
  return (
    <>
      <VisuallyHidden>{row} </VisuallyHidden>
      {name}
    </>
  );
}

/** The button that removes a row, named after it ("Remove track 2"). */
export function RemoveRowButton({ label, onClick, mt }: { label: string; onClick: () => void; mt?: number }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" mt={mt} aria-label={label} onClick={onClick}>
      <CloseIcon size={16} />
    </ActionIcon>
  );
}
