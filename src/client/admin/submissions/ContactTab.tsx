import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { ADMIN_LIST_PAGE, SubmissionsSection } from './SubmissionsSection.js';
import { DeleteButton, useSubmissionDelete } from './use-submission-delete.js';

export function ContactTab() {
  const query = trpc.admin.contactSubmissions.useInfiniteQuery(
    { limit: ADMIN_LIST_PAGE },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const utils = trpc.useUtils();
  const remove = useSubmissionDelete('message', trpc.admin.deleteContactSubmission.useMutation(), () =>
    utils.admin.contactSubmissions.invalidate(),
  );
  return (
    <>
      <SubmissionsSection
        title="Contact Submissions"
        query={query}
        csv="contact"
        emptyHint="Messages sent from the contact page appear here."
      >
        {(submissions) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Contact submissions">
            {submissions.map((submission) => (
              <Paper component="li" key={submission.id} withBorder radius="md" p="md">
                <Group justify="space-between" align="flex-start" gap="xs" mb={6} wrap="wrap">
                  <div className={classes.breakAnywhere}>
                    <Text fw={600}>{submission.name}</Text>
                    <Anchor href={`mailto:${submission.email}`} size="sm" className={classes.breakAnywhere}>
                      {submission.email}
                    </Anchor>
                  </div>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed" component="time" dateTime={submission.createdAt.toISOString()}>
                      {formatAdminDate(submission.createdAt)}
                    </Text>
                    <DeleteButton
                      name={`message from ${submission.name}`}
                      onClick={() => remove.ask(submission.id, `Message from ${submission.name}`)}
                    />
                  </Group>
                </Group>
                <Text size="sm" className={classes.preview}>
                  {submission.message}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </SubmissionsSection>
      {remove.modal}
    </>
  );
}
