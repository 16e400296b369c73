import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { NewsletterSubscription } from '../../../domain/submissions.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { SubmissionsSection } from './SubmissionsSection.js';

function SubscriptionGroup({
  title,
  color,
  subscriptions,
}: {
  title: string;
  color: string;
  subscriptions: NewsletterSubscription[];
}) {
  const headingId = `newsletter-${title.toLowerCase()}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group gap="xs" mb="sm">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Badge color={color} variant="light" radius="sm" aria-label={`${subscriptions.length} ${title.toLowerCase()}`}>
          {subscriptions.length}
        </Badge>
      </Group>
      {subscriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Table verticalSpacing="xs" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col" ta="right">
                Subscribed
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subscriptions.map((subscription) => (
              <Table.Tr key={subscription.id}>
                <Table.Td className={classes.breakAnywhere}>{subscription.email}</Table.Td>
                <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={subscription.createdAt.toISOString()}>{formatAdminDate(subscription.createdAt)}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export function NewsletterTab() {
  const query = trpc.admin.newsletterSubscriptions.useQuery();
  return (
    <SubmissionsSection
      title="Newsletter Subscriptions"
      query={query}
      csv="newsletter"
      emptyHint="Addresses signed up through the newsletter forms appear here."
    >
      {(subscriptions) => (
        <Stack gap="md">
          <SubscriptionGroup title="Active" color="green" subscriptions={subscriptions.filter((s) => s.isActive)} />
          <SubscriptionGroup title="Inactive" color="gray" subscriptions={subscriptions.filter((s) => !s.isActive)} />
        </Stack>
      )}
    </SubmissionsSection>
  );
}
