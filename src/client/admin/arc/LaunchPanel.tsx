import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ARC_RETAILER_LABELS, ARC_RETAILERS } from '../../../domain/arc.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { DownloadIcon } from '../../ui/icons.js';
import classes from '../admin.module.css';
import { AdminPanel } from '../ui/AdminPanel.js';
import { formatAdminDate } from '../ui/format-date.js';
import { useLaunchActions, type LaunchActions } from './use-launch-actions.js';

type Launch = RouterOutputs['arc']['launch'];

function Figure({ label, value, warn }: { label: string; value: number; warn?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="xl" fw={700} component="dd" m={0} c={warn && value > 0 ? 'yellow.3' : undefined}>
        {value}
      </Text>
    </div>
  );
}

/** Copies sent, downloaded, reviews in per retailer, overdue; the review links for launch day; the thank-you. */
export function LaunchPanel({ campaignId }: { campaignId: string }) {
  const launch = trpc.arc.launch.useQuery({ campaignId });
  const actions = useLaunchActions(campaignId);
  const data = launch.data;

  return (
    <AdminPanel
      id={`arc-launch-${campaignId}`}
      level={3}
      title="Launch"
      description="Where the copies and reviews stand. Overdue: chosen, the review-by day passed, no review and no step back."
    >
      {launch.error && (
        <Alert color="red" role="alert">
          {serverErrorMessage(launch.error, 'The launch view could not be loaded.')}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          <LaunchFigures data={data} />
          {data.reviews.length > 0 && <ReviewLinks reviews={data.reviews} />}
          <LaunchButtons reviewed={data.reviewed} actions={actions} />
        </Stack>
      )}
    </AdminPanel>
  );
}

/** The copies (sent, downloaded, reviewed, stepped back, overdue) and the reviews in per retailer. */
function LaunchFigures({ data }: { data: Launch }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" component="dl" m={0} aria-label="Copies">
        <Figure label="Copies sent" value={data.sent} />
        <Figure label="Downloaded" value={data.downloaded} />
        <Figure label="Reviewed" value={data.reviewed} />
        <Figure label="Stepped back" value={data.steppedBack} />
        <Figure label="Overdue" value={data.overdue} warn />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" component="dl" m={0} aria-label="Reviews per retailer">
        {ARC_RETAILERS.map((retailer) => (
          <Figure
            key={retailer}
            label={`${ARC_RETAILER_LABELS[retailer]} reviews`}
            value={data.reviewsPerRetailer[retailer]}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

/** Each review in: the retailer, the link, the reviewer and the day, for launch day. */
function ReviewLinks({ reviews }: { reviews: Launch['reviews'] }) {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Review links">
      {reviews.map((review) => (
        <Text key={`${review.retailer} ${review.url}`} size="sm" component="li" className={classes.breakAnywhere}>
          {ARC_RETAILER_LABELS[review.retailer as keyof typeof ARC_RETAILER_LABELS] ?? review.retailer} ·{' '}
          <a href={review.url} target="_blank" rel="noreferrer noopener">
            {review.url}
          </a>{' '}
          · {review.name} · {formatAdminDate(review.submittedAt)}
        </Text>
      ))}
    </Stack>
  );
}

/** Download the review links as CSV; thank the reviewers (once there is a review). */
function LaunchButtons({ reviewed, actions }: { reviewed: number; actions: LaunchActions }) {
  const { csv } = actions;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        leftSection={<DownloadIcon size={16} />}
        onClick={() => void csv.start()}
        disabled={csv.downloading}
        aria-label="Download the review links as CSV"
      >
        {csv.downloading ? 'Preparing...' : 'Review links (CSV)'}
      </Button>
      <Button
        variant="default"
        loading={actions.thanking}
        disabled={reviewed === 0}
        onClick={() => void actions.thankReviewers()}
      >
        Thank the reviewers
      </Button>
    </Group>
  );
}
