import { Alert, Button, Group, Text } from '@mantine/core';
import { AlertIcon } from '../../ui/icons.js';
import type { LocalDraftControls } from './use-local-draft.js';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Restore unsaved changes?" at the top of a form whose unsaved values were kept in this browser. */
export function RestoreDraftPrompt({ draft }: { draft: LocalDraftControls }) {
  if (!draft.offeredAt) return null;
  return (
    <Alert
      color="ember"
      variant="light"
      icon={<AlertIcon size={18} />}
      title="Restore unsaved changes?"
      role="region"
      aria-label="Restore unsaved changes?"
    >
      <Text size="sm">
        This browser kept changes to this form that were not saved ({timeFormat.format(draft.offeredAt)}).
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={draft.restore}>
          Restore
        </Button>
        <Button size="xs" variant="default" onClick={draft.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
