import { Alert, Anchor, Badge, Button, Collapse, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import classes from '../admin.module.css';
import { FindCopy } from '../sales/FindCopy.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import { ApplicantsPanel } from './ApplicantsPanel.js';
import { CampaignForm } from './CampaignForm.js';
import { LaunchPanel } from './LaunchPanel.js';

type Campaign = RouterOutputs['arc']['campaigns'][number];

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

function CampaignSummary({ campaign }: { campaign: Campaign }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} className={classes.breakAnywhere}>
            {campaign.bookTitle}
          </Text>
          <Text size="sm" c="dimmed">
            Reviews by {dayOf(campaign.reviewBy)} · {campaign.places} places ·{' '}
            <Anchor href={`/arc/${campaign.bookSlug}`} target="_blank" size="sm" inherit>
              /arc/{campaign.bookSlug}
            </Anchor>
          </Text>
        </div>
        <Badge variant="light" radius="sm" color={campaign.state === 'open' ? 'teal' : 'gray'}>
          {campaign.state === 'open' ? 'Open' : 'Closed'}
        </Badge>
      </Group>
      <Text size="sm" mt="xs">
        {campaign.applications} applied · {campaign.selected} chosen · {campaign.downloaded} downloaded ·{' '}
        {campaign.reviewed} reviewed · {campaign.steppedBack} stepped back
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {campaign.holdBackNonReviewers
          ? 'Holding back readers who never reviewed: listed last with the reason, skipped by “best N”.'
          : 'Every reader can be chosen (holding back non-reviewers is off).'}
      </Text>
    </Paper>
  );
}

function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md">
      <CampaignSummary campaign={campaign} />
      <div>
        <Button variant="default" size="sm" onClick={() => setEditing((value) => !value)} aria-expanded={editing}>
          {editing ? 'Close the settings' : 'Edit the campaign'}
        </Button>
        <Collapse in={editing}>
          <Paper withBorder radius="md" p="md" mt="sm">
            {editing && <CampaignForm key={campaign.id} campaign={campaign} onDone={() => setEditing(false)} />}
          </Paper>
        </Collapse>
      </div>
      <ApplicantsPanel campaignId={campaign.id} places={campaign.places} />
      <LaunchPanel campaignId={campaign.id} />
    </Stack>
  );
}

/**
 * The ARC team (advance reader copies): a book's campaigns, the applicants ranked by their record, choosing
 * (by hand, the best N, adding a reader), the launch view with the review links and the thank-you, and the leak
 * lookup shared with the sales.
 */
export function ArcTab() {
  const campaigns = trpc.arc.campaigns.useQuery();
  const [picked, setPicked] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = campaigns.data ?? [];
  const current = list.find((campaign) => campaign.id === picked) ?? list[0];
  return (
    <Stack gap="md">
      <SectionHeader
        title="ARC team"
        actions={
          <Button onClick={() => setCreating((value) => !value)} aria-expanded={creating}>
            {creating ? 'Cancel' : 'New campaign'}
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        Advance reader copies: readers apply on <Anchor href="/arc">/arc</Anchor>, you choose by their record, each gets
        a fingerprinted copy and reminders, and their review links come back here for launch day.
      </Text>
      {creating && (
        <AdminPanel id="arc-new" level={3} title="New campaign">
          <CampaignForm
            onDone={(id) => {
              setCreating(false);
              setPicked(id);
            }}
          />
        </AdminPanel>
      )}
      {campaigns.error && (
        <Alert color="red" role="alert">
          {serverErrorMessage(campaigns.error, 'The campaigns could not be loaded.')}
        </Alert>
      )}
      {list.length === 0 && !campaigns.isPending && (
        <Text size="sm" c="dimmed">
          No campaign yet: start one for a book that is coming soon.
        </Text>
      )}
      {list.length > 1 && (
        <NativeSelect
          label="Campaign"
          data={list.map((campaign) => ({
            value: campaign.id,
            label: `${campaign.bookTitle} (${campaign.state}, ${campaign.applications} applied)`,
          }))}
          value={current?.id ?? ''}
          onChange={(event) => setPicked(event.currentTarget.value)}
          style={{ maxWidth: 480 }}
        />
      )}
      {current && <CampaignDetail key={current.id} campaign={current} />}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <FindCopy level={3} />
      </Paper>
    </Stack>
  );
}
