import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';
import classes from '../admin.module.css';
import { formatAdminDate } from '../ui/format-date.js';
import { SubmissionsSection } from './SubmissionsSection.js';

export function ContactTab() {
  const query = trpc.admin.contactSubmissions.useQuery();
  return (
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
                <Text size="xs" c="dimmed" component="time" dateTime={submission.createdAt.toISOString()}>
                  {formatAdminDate(submission.createdAt)}
                </Text>
              </Group>
              <Text size="sm" className={classes.preview}>
                {submission.message}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </SubmissionsSection>
  );
}
