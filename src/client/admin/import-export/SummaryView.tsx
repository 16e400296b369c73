import { Badge, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import classes from '../admin.module.css';
import type { ConsentChoice, ImportSummary, StatusCount } from '../../../domain/import-export.js';

const ACTION_LABELS = { create: 'Create', update: 'Update', skip: 'Skip' } as const;
const ACTION_COLORS = { create: 'green.4', update: 'blue.3', skip: 'gray.4' } as const;
const SHOWN_ROWS = 300;
const MEANING_COLORS = {
  subscribed: 'green.4',
  unsubscribed: 'gray.4',
  pending: 'gray.4',
  'not mailed': 'yellow.3',
  'your answer above': 'yellow.3',
};

/** A subscriber list's rows by their status cell: how many, and what each becomes here. */
function StatusCounts({ summary, consentChoice }: { summary: ImportSummary; consentChoice: ConsentChoice | null }) {
  if (!summary.statuses || summary.statuses.length === 0) return null;
  // Rows with no status wait for the author's answer to the consent question.
  const awaited = (entry: StatusCount) =>
    summary.consent?.required === true && entry.status === '(no status column)' && entry.meaning === 'not mailed';
  const meaningOf = (entry: StatusCount): StatusCount['meaning'] | 'your answer above' =>
    !awaited(entry)
      ? entry.meaning
      : consentChoice === 'given'
        ? 'subscribed'
        : consentChoice
          ? 'not mailed'
          : 'your answer above';
  return (
    <Table withTableBorder fz="sm" mb="sm" aria-label="Subscribers by status">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Status in the file</Table.Th>
          <Table.Th ta="right">Rows</Table.Th>
          <Table.Th>{summary.dryRun ? 'Will be' : 'Imported as'}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summary.statuses.map((entry) => (
          <Table.Tr key={`${entry.status} ${entry.meaning}`}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.status}</Table.Td>
            <Table.Td ta="right">{entry.count.toLocaleString('en')}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} c={MEANING_COLORS[meaningOf(entry)]}>
                {meaningOf(entry)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Where the posts' images come from (or came from), and the media archive's files that were not read. */
function MediaCounts({ summary }: { summary: ImportSummary }) {
  const media = summary.media;
  if (!media || media.archive + media.fetched + media.missing + media.refused === 0) return null;
  const refused = summary.warnings.filter((warning) => warning.item.startsWith('media archive: '));
  return (
    <Stack gap={4} mb="xs">
      <Text size="sm">
        Images: {media.archive} {summary.dryRun ? 'found' : 'brought in'} from the media archive, {media.fetched}{' '}
        {summary.dryRun ? 'to fetch from their old host' : 'fetched from their old host'}, {media.missing} missing
        (shown as a placeholder with their alt text and a link)
        {media.refused > 0 ? `; ${media.refused} files of the archive not read` : ''}.
      </Text>
      {refused.length > 0 && (
        <List size="sm" c="yellow.3" className={classes.breakAnywhere}>
          {refused.map((warning) => (
            <List.Item key={warning.item}>
              {warning.item.slice('media archive: '.length)}: {warning.message}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** What a dry run would do, or what an import did: counts, then item by item with reasons and warnings. */
export function SummaryView({
  summary,
  consentChoice = null,
}: {
  summary: ImportSummary;
  /** The author's answer so far to the consent question of a list with no status column. */
  consentChoice?: ConsentChoice | null;
}) {
  return (
    <div data-testid="import-summary">
      <CreatedCounts summary={summary} />
      <StatusCounts summary={summary} consentChoice={consentChoice} />
      <MediaCounts summary={summary} />
      {summary.consent?.choice === 'given' && (
        <Text size="sm" mb="xs">
          Consent stated for {summary.consent.rows} without a status: {summary.consent.source}
        </Text>
      )}
      {summary.items.length === 0 && summary.warnings.length > 0 && (
        <Text size="sm" c="yellow.3" mb="xs">
          {summary.warnings
            .filter((warning) => warning.item === 'file')
            .map((warning) => warning.message)
            .join(' ')}
        </Text>
      )}
      <ItemTable summary={summary} />
      {summary.omitted > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {summary.omitted} more entries are counted above but not listed, to keep the summary small.
        </Text>
      )}
    </div>
  );
}

/** How many of each thing were (or would be) created, then how many updated and skipped. */
function CreatedCounts({ summary }: { summary: ImportSummary }) {
  const verb = summary.dryRun ? 'Would create' : 'Created';
  const { created } = summary;
  const counts = [
    [created.posts, 'post', 'posts'],
    [created.drafts, 'draft', 'drafts'],
    [created.scheduled, 'scheduled', 'scheduled'],
    [created.subscribers, 'subscriber', 'subscribers'],
    [created.images, 'image', 'images'],
    [created.comments, 'comment', 'comments'],
    [created.categories, 'category', 'categories'],
    [created.tags, 'tag', 'tags'],
  ] as const;
  return (
    <Group gap="xs" mb="xs">
      <Text size="sm" fw={600}>
        {verb}:
      </Text>
      {counts.map(([count, one, many]) => (
        <Badge key={many} variant="light" color={count > 0 ? 'green' : 'gray'}>
          {count} {count === 1 ? one : many}
        </Badge>
      ))}
      <Badge variant="light" color={summary.updated > 0 ? 'blue' : 'gray'}>
        {summary.updated} updated
      </Badge>
      <Badge variant="light" color="gray">
        {summary.skippedCount} skipped
      </Badge>
    </Group>
  );
}

/**
 * The rows to list: the items, or for a subscriber list (which lists none) its skipped rows, each with the
 * warnings the summary gives about it.
 */
function itemRows(summary: ImportSummary) {
  const rows =
    summary.items.length > 0
      ? summary.items
      : summary.skipped.map((skip) => ({ ...skip, kind: 'subscriber', action: 'skip' as const, warnings: [] }));
  const warningsByItem = new Map<string, string[]>();
  if (summary.items.length === 0)
    for (const warning of summary.warnings)
      warningsByItem.set(warning.item, [...(warningsByItem.get(warning.item) ?? []), warning.message]);
  return { rows, warningsByItem };
}

/** Item by item: what each becomes and why, the first SHOWN_ROWS of them (the rest are in the CSV summary). */
function ItemTable({ summary }: { summary: ImportSummary }) {
  const { rows, warningsByItem } = itemRows(summary);
  return (
    <>
      {rows.length > 0 && (
        <ScrollArea.Autosize mah={360} type="auto">
          {/* Fixed columns: a long title or reason wraps in its cell instead of pushing the reasons out of view. */}
          <Table
            striped
            withTableBorder
            fz="sm"
            layout="fixed"
            aria-label={summary.dryRun ? 'Dry run, item by item' : 'Import, item by item'}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="38%">Item</Table.Th>
                <Table.Th>Reason and warnings</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, SHOWN_ROWS).map((row, index) => (
                <Table.Tr key={`${row.item}-${index}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                    {row.item}
                    <Text size="xs" fw={700} c={ACTION_COLORS[row.action]} tt="uppercase">
                      {ACTION_LABELS[row.action]} {row.kind}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                    {[row.reason, ...(row.warnings ?? []), ...(warningsByItem.get(row.item) ?? [])]
                      .filter(Boolean)
                      .join(' · ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {rows.length > SHOWN_ROWS && (
        <Text size="sm" c="dimmed" mt="xs">
          {rows.length - SHOWN_ROWS} more in the CSV summary.
        </Text>
      )}
    </>
  );
}
