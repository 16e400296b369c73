import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PREORDER_FORMAT_LABELS, type PreorderFormat } from '../../../domain/submissions.js';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { PreorderNotices } from './PreorderNotices.js';
import { ADMIN_LIST_PAGE, SubmissionsSection } from './SubmissionsSection.js';
import { DeleteButton, useSubmissionDelete } from './use-submission-delete.js';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.breakAnywhere}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

export function PreordersTab() {
  const query = trpc.admin.preorders.useInfiniteQuery(
    { limit: ADMIN_LIST_PAGE },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const utils = trpc.useUtils();
  const remove = useSubmissionDelete('preorder', trpc.admin.deletePreorder.useMutation(), () =>
    utils.admin.preorders.invalidate(),
  );
  return (
    <>
      <SubmissionsSection
        title="Preorders"
        notice={<PreorderNotices />}
        query={query}
        csv="preorders"
        emptyHint="Preorders submitted on the preorder page appear here."
      >
        {(preorders) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Preorders">
            {preorders.map((preorder) => (
              <Paper component="li" key={preorder.id} withBorder radius="md" p="md">
                <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} className={classes.breakAnywhere}>
                      {preorder.bookTitle}
                    </Text>
                    <Badge variant="light" radius="sm">
                      {PREORDER_FORMAT_LABELS[preorder.preferredFormat as PreorderFormat] ?? preorder.preferredFormat}
                    </Badge>
                  </Group>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed" component="time" dateTime={preorder.createdAt.toISOString()}>
                      {formatAdminDate(preorder.createdAt)}
                    </Text>
                    <DeleteButton
                      name={`preorder from ${preorder.customerName}`}
                      onClick={() => remove.ask(preorder.id, `${preorder.bookTitle} for ${preorder.customerName}`)}
                    />
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
                  <Detail label="Name">{preorder.customerName}</Detail>
                  <Detail label="Email">
                    <Anchor href={`mailto:${preorder.customerEmail}`} size="sm" inherit>
                      {preorder.customerEmail}
                    </Anchor>
                  </Detail>
                  <Detail label="Phone">{preorder.phoneNumber ?? 'Not given'}</Detail>
                </SimpleGrid>
                {preorder.specialRequests && (
                  <Stack gap={2} component="dl" mt="sm" mb={0} mx={0}>
                    <Detail label="Special requests">
                      <span className={classes.preview}>{preorder.specialRequests}</span>
                    </Detail>
                  </Stack>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </SubmissionsSection>
      {remove.modal}
    </>
  );
}
