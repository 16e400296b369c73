import { Button, Group, Skeleton, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { LoadError } from '../ui/ListStates.js';
import { formatAdminDate } from '../ui/format-date.js';

/**
 * Fediverse accounts and servers the site refuses: their replies, likes, boosts and follows are dropped and their
 * followers removed (docs/fediverse.md).
 */
export function FediverseBlocksPanel() {
  const utils = trpc.useUtils();
  const blocks = trpc.fediverse.blocks.useQuery();
  const block = trpc.fediverse.block.useMutation();
  const unblock = trpc.fediverse.unblock.useMutation();
  const [target, setTarget] = useState('');

  async function add() {
    try {
      const added = await block.mutateAsync({ target });
      setTarget('');
      await utils.fediverse.blocks.invalidate();
      toast({
        title: 'Blocked',
        description: `${added.target}${added.removedFollowers > 0 ? ` (${added.removedFollowers} follower${added.removedFollowers === 1 ? '' : 's'} removed)` : ''}`,
      });
    } catch (error) {
      toastFailure('Not blocked', error, 'Please try again.');
    }
  }

  async function lift(blocked: string) {
    try {
      await unblock.mutateAsync({ target: blocked });
      await utils.fediverse.blocks.invalidate();
    } catch (error) {
      toastFailure('Not unblocked', error, 'Please try again.');
    }
  }

  return (
    <AdminPanel
      id="fediverse-blocks"
      title="Fediverse blocks"
      description="An account (@user@server or its address) or a whole server (server.example): its replies, likes, boosts and follows are dropped, and it no longer follows the site."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Account or server"
            placeholder="@someone@server.example"
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            maxLength={500}
            required
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" loading={block.isPending}>
            Block
          </Button>
        </Group>
      </form>
      {blocks.isPending ? (
        <Skeleton height={60} aria-label="Loading the blocks" />
      ) : blocks.isError ? (
        <LoadError title="Could not load the blocks" error={blocks.error} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is blocked.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Blocked</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {blocks.data.map((row) => (
                <Table.Tr key={row.target}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{row.target}</Table.Td>
                  <Table.Td>{row.kind}</Table.Td>
                  <Table.Td>{formatAdminDate(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={unblock.isPending && unblock.variables?.target === row.target}
                      onClick={() => void lift(row.target)}
                      aria-label={`Unblock ${row.target}`}
                    >
                      Unblock
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </AdminPanel>
  );
}
