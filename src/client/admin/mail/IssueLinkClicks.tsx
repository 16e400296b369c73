import { Table, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';

/** A sent issue's clicks per link: which link, how many readers clicked it (each reader once). */
export function IssueLinkClicks({ issueId }: { issueId: string }) {
  const report = trpc.analytics.issueLinks.useQuery({ id: issueId });
  if (!report.data) return null;
  const { links, clickers, recipients } = report.data;
  if (links.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This issue has no tracked links.
      </Text>
    );
  return (
    <>
      <Text size="sm">
        {clickers.toLocaleString('en')} of {recipients.toLocaleString('en')} readers clicked a link.
      </Text>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="xs" aria-label="Clicks per link">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Link</Table.Th>
              <Table.Th scope="col" ta="right">
                Readers
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((link) => (
              <Table.Tr key={link.url}>
                <Table.Td className={classes.breakAnywhere}>{link.url}</Table.Td>
                <Table.Td ta="right">{link.readers.toLocaleString('en')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
