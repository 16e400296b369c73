import { Button, Group, Skeleton, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { AdminPanel } from '../ui/AdminPanel.js';
import { LoadError } from '../ui/ListStates.js';
import { formatAdminDate } from '../ui/format-date.js';
import { useFediverseBlocks } from './use-fediverse-blocks.js';

type FediverseBlocks = ReturnType<typeof useFediverseBlocks>;
type Block = NonNullable<FediverseBlocks['blocks']['data']>[number];

/** The form that blocks an account or server. */
function BlockForm({ blocks }: { blocks: FediverseBlocks }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void blocks.add();
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Account or server"
          placeholder="@someone@server.example"
          value={blocks.target}
          onChange={(event) => blocks.setTarget(event.currentTarget.value)}
          maxLength={500}
          required
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" loading={blocks.adding}>
          Block
        </Button>
      </Group>
    </form>
  );
}

/** The blocks, a row each with its kind, date and an Unblock button. */
function BlocksTable({ rows, blocks }: { rows: Block[]; blocks: FediverseBlocks }) {
  return (
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
          {rows.map((row) => (
            <Table.Tr key={row.target}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.target}</Table.Td>
              <Table.Td>{row.kind}</Table.Td>
              <Table.Td>{formatAdminDate(row.createdAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  loading={blocks.lifting(row.target)}
                  onClick={() => void blocks.lift(row.target)}
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
  );
}

/**
 * Fediverse accounts and servers the site refuses: their replies, likes, boosts and follows are dropped and their
 * followers removed (docs/fediverse.md).
 */
export function FediverseBlocksPanel() {
  const state = useFediverseBlocks();
  const { blocks } = state;
  return (
    <AdminPanel
      id="fediverse-blocks"
      title="Fediverse blocks"
      description="An account (@user@server or its address) or a whole server (server.example): its replies, likes, boosts and follows are dropped, and it no longer follows the site. Its earlier replies are hidden and its likes and boosts removed."
    >
      <BlockForm blocks={state} />
      {blocks.isPending ? (
        <Skeleton height={60} aria-label="Loading the blocks" />
      ) : blocks.isError ? (
        <LoadError title="Could not load the blocks" error={blocks.error} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is blocked.
        </Text>
      ) : (
        <BlocksTable rows={blocks.data} blocks={state} />
      )}
    </AdminPanel>
  );
}
