import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useCampaignForm, type Campaign } from './use-campaign-form.js';

/** Create (no campaign) or edit a campaign: book, edition file, review-by day, places, promise, open, hold-back. */
export function CampaignForm({ campaign, onDone }: { campaign?: Campaign; onDone: (id: string) => void }) {
  const state = useCampaignForm(campaign, onDone);
  return (
    <form onSubmit={state.submit} noValidate aria-label={campaign ? 'Edit campaign' : 'New campaign'}>
      <Stack gap="sm">
        {!campaign && (
          <NativeSelect
            label="Book"
            data={state.bookOptions}
            value={state.bookId}
            onChange={(event) => state.setBookId(event.currentTarget.value)}
            required
          />
        )}
        <NativeSelect
          label="Edition file"
          description="The file each chosen reader’s fingerprinted copy is made from"
          data={state.fileOptions}
          value={state.editionFileId}
          onChange={(event) => state.setEditionFileId(event.currentTarget.value)}
          disabled={!state.bookId}
        />
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            type="date"
            label="Review by (release day)"
            value={state.reviewBy}
            onChange={(event) => state.setReviewBy(event.currentTarget.value)}
            required
            style={{ minWidth: 180 }}
          />
          <NumberInput
            label="Places"
            min={1}
            max={10_000}
            allowDecimal={false}
            value={state.places}
            onChange={state.setPlaces}
            required
            style={{ minWidth: 120 }}
          />
        </Group>
        <Textarea
          label="Promise"
          description="What each reader promises when applying (shown on /arc)"
          value={state.promise}
          onChange={(event) => state.setPromise(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
          required
        />
        <Switch
          label="Open for applications"
          checked={state.open}
          onChange={(event) => state.setOpen(event.currentTarget.checked)}
        />
        <Switch
          label="Hold back readers who never reviewed"
          description="A reader chosen before who never posted a review is listed last with the reason, and skipped by “best N”."
          checked={state.holdBack}
          onChange={(event) => state.setHoldBack(event.currentTarget.checked)}
        />
        {state.problem && (
          <Alert color="red" role="alert">
            {state.problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={state.saving}>
            {campaign ? 'Save campaign' : 'Create campaign'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
