import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ARC_RETAILER_LABELS, ARC_RETAILERS } from '../../../domain/arc.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { AdminPanel } from '../ui/AdminPanel.js';

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

function useRun(onDone: () => Promise<unknown>) {
  return async (action: Promise<unknown>, title: string, description?: string) => {
    try {
      await action;
      toast({ title, description });
      await onDone();
      return true;
    } catch (error) {
      toast({
        title: 'That did not work',
        description: serverErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      return false;
    }
  };
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
  const applications = trpc.arc.applications.useQuery({ campaignId });
  const utils = trpc.useUtils();
  const run = useRun(() => utils.arc.invalidate());
  const select = trpc.arc.select.useMutation();
  const decline = trpc.arc.decline.useMutation();
  const selectBest = trpc.arc.selectBest.useMutation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const list = applications.data ?? [];
  const taken = list.filter((entry) => entry.state === 'selected' || entry.state === 'stepped-back').length;
  const [best, setBest] = useState<number | string>(Math.max(1, places - taken));
  const ids = [...chosen].filter((id) => list.some((entry) => entry.id === id && entry.state === 'applied'));

  const onChosen = async (action: Promise<unknown>, title: string) => {
    if (await run(action, title)) setChosen(new Set());
  };
  return (
    <AdminPanel
      id={`arc-applicants-${campaignId}`}
      level={3}
      title="Applicants"
      description={`${list.length} applied · ${taken} of ${places} places taken. Ranked by each reader’s record with you: reviews on time count most, no-shows count against.`}
    >
      {applications.error && (
        <Alert color="red" role="alert">
          {serverErrorMessage(applications.error, 'The applicants could not be loaded.')}
        </Alert>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Choose the best"
          min={1}
          max={500}
          allowDecimal={false}
          value={best}
          onChange={setBest}
          style={{ flex: '0 1 140px' }}
        />
        <Button
          loading={selectBest.isPending}
          disabled={typeof best !== 'number'}
          onClick={() =>
            void onChosen(
              selectBest.mutateAsync({ campaignId, count: Number(best) }).then(({ selected }) => {
                if (selected === 0) throw new Error('Nobody left to choose (readers held back are skipped)');
              }),
              `Best ${best} chosen: their copies are on their way`,
            )
          }
        >
          Choose best {typeof best === 'number' ? best : ''}
        </Button>
        <Button
          variant="default"
          disabled={ids.length === 0}
          loading={select.isPending}
          onClick={() =>
            void onChosen(
              select.mutateAsync({ campaignId, applicationIds: ids }),
              `${ids.length} chosen: emails queued`,
            )
          }
        >
          Choose ticked ({ids.length})
        </Button>
        <Button
          variant="subtle"
          color="red"
          disabled={ids.length === 0}
          loading={decline.isPending}
          onClick={() =>
            void onChosen(decline.mutateAsync({ campaignId, applicationIds: ids }), `${ids.length} declined`)
          }
        >
          Decline ticked
        </Button>
      </Group>
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
              checked={chosen.has(applicant.id)}
              onCheck={(checked) =>
                setChosen((previous) => {
                  const next = new Set(previous);
                  if (checked) next.add(applicant.id);
                  else next.delete(applicant.id);
                  return next;
                })
              }
            />
          ))}
        </Stack>
      )}
      <AddReader campaignId={campaignId} run={run} />
    </AdminPanel>
  );
}
