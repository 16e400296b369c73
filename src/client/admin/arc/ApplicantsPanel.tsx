import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ARC_RETAILER_LABELS, ARC_RETAILERS } from '../../../domain/arc.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import classes from '../admin.module.css';
import { AdminPanel } from '../ui/AdminPanel.js';
import { ApplicantsActions } from './ApplicantsActions.js';
import { useApplicants, type useRun } from './use-applicants.js';

type Applicant = RouterOutputs['arc']['applications'][number];

const STATE_LABELS: Record<Applicant['state'], string> = {
  applied: 'Applied',
  selected: 'Chosen',
  declined: 'Declined',
  'stepped-back': 'Stepped back',
};
const STATE_COLORS: Record<Applicant['state'], string> = {
  applied: 'gray',
  selected: 'teal',
  declined: 'red',
  'stepped-back': 'yellow',
};

/** "3 campaigns · 3 downloaded · 2 reviews on time · 1 stepped back · 0 no-shows"; a first-timer says so. */
function recordText({ record }: Applicant): string {
  if (record.campaigns === 0) return 'No earlier campaign';
  const late = record.reviewsLate ? ` · ${record.reviewsLate} late` : '';
  return `${record.campaigns} earlier · ${record.downloaded} downloaded · ${record.reviewsOnTime} reviews on time${late} · ${record.steppedBack} stepped back · ${record.noShows} no-shows`;
}

function ApplicantCard({
  applicant,
  rank,
  checked,
  onCheck,
}: {
  applicant: Applicant;
  rank: number;
  checked: boolean;
  onCheck: (checked: boolean) => void;
}) {
  const profiles = ARC_RETAILERS.filter((retailer) => applicant.profiles[retailer]);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Applicant ${applicant.name}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <Checkbox
            mt={2}
            checked={checked}
            disabled={applicant.state !== 'applied'}
            onChange={(event) => onCheck(event.currentTarget.checked)}
            aria-label={`Choose ${applicant.name}`}
          />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} className={classes.breakAnywhere}>
              {rank}. {applicant.name}
            </Text>
            <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
              {applicant.email}
            </Text>
          </div>
        </Group>
        <Badge variant="light" radius="sm" color={STATE_COLORS[applicant.state]} style={{ flexShrink: 0 }}>
          {STATE_LABELS[applicant.state]}
        </Badge>
      </Group>
      <Text size="sm" mt="xs">
        Score {applicant.score} · {recordText(applicant)}
      </Text>
      <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
        {[applicant.interested ? 'Follows this book’s series' : null, applicant.genres.join(', ') || null]
          .filter(Boolean)
          .join(' · ') || 'No genres given'}
        {profiles.length > 0 && ' · Reviews on '}
        {profiles.map((retailer, index) => (
          <span key={retailer}>
            {index > 0 && ', '}
            <a href={applicant.profiles[retailer]} target="_blank" rel="noreferrer noopener">
              {ARC_RETAILER_LABELS[retailer]}
            </a>
          </span>
        ))}
      </Text>
      {applicant.heldBack && (
        <Text size="sm" c="yellow.3" mt={4}>
          Held back: {applicant.heldBack}
        </Text>
      )}
    </Paper>
  );
}

function AddReader({ campaignId, run }: { campaignId: string; run: ReturnType<typeof useRun> }) {
  const add = trpc.arc.addReader.useMutation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(add.mutateAsync({ campaignId, email, name }), 'Reader added', `${email}: their copy is on its way`)) {
      setEmail('');
      setName('');
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add a reader">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="email"
          label="Add a reader"
          description="Any confirmed subscriber, chosen and mailed at once"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
          style={{ flex: '1 1 220px' }}
        />
        <TextInput
          label="Name on the copy"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: '1 1 160px' }}
        />
        <Button type="submit" variant="default" loading={add.isPending}>
          Add reader
        </Button>
      </Group>
    </form>
  );
}

/** The applicants ranked by their record with this author: choose by hand or the best N; add any reader. */
export function ApplicantsPanel({ campaignId, places }: { campaignId: string; places: number }) {
  const applicants = useApplicants({ campaignId, places });
  const { applications, list } = applicants;
  return (
    <AdminPanel
      id={`arc-applicants-${campaignId}`}
      level={3}
      title="Applicants"
      description={`${list.length} applied · ${applicants.taken} of ${places} places taken. Ranked by each reader’s record with you: reviews on time count most, no-shows count against.`}
    >
      {applications.error && (
        <Alert color="red" role="alert">
          {serverErrorMessage(applications.error, 'The applicants could not be loaded.')}
        </Alert>
      )}
      <ApplicantsActions applicants={applicants} />
      {list.length === 0 && !applications.isPending ? (
        <Text size="sm" c="dimmed">
          No application yet. Readers apply on /arc (linked from the book’s page and the newsletter preferences).
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Applicants, best first">
          {list.map((applicant, index) => (
            <ApplicantCard
              key={applicant.id}
              applicant={applicant}
              rank={index + 1}
              checked={applicants.chosen.has(applicant.id)}
              onCheck={(checked) => applicants.check(applicant.id, checked)}
            />
          ))}
        </Stack>
      )}
      <AddReader campaignId={campaignId} run={applicants.run} />
    </AdminPanel>
  );
}
