import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { arcCampaignInputSchema } from '../../../domain/arc.schema.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

type Campaign = RouterOutputs['arc']['campaigns'][number];

const DEFAULT_PROMISE =
  'I will read the copy and post an honest review by release day, whether or not I enjoyed it, or step back.';

/** "Review by" is a day: the end of that day (UTC), so "by release day" includes it. */
const reviewByOfDay = (day: string) => `${day}T23:59:59.000Z`;

/** Create (no campaign) or edit a campaign: book, edition file, review-by day, places, promise, open, hold-back. */
export function CampaignForm({ campaign, onDone }: { campaign?: Campaign; onDone: (id: string) => void }) {
  const books = trpc.books.list.useQuery(undefined, { enabled: !campaign });
  const [bookId, setBookId] = useState(campaign?.bookId ?? '');
  const files = trpc.editionFiles.list.useQuery({ bookId }, { enabled: Boolean(bookId) });
  const [editionFileId, setEditionFileId] = useState(campaign?.editionFileId ?? '');
  const [reviewBy, setReviewBy] = useState(campaign?.reviewBy.slice(0, 10) ?? '');
  const [places, setPlaces] = useState<number | string>(campaign?.places ?? 20);
  const [promise, setPromise] = useState(campaign?.promise ?? DEFAULT_PROMISE);
  const [open, setOpen] = useState(campaign ? campaign.state === 'open' : true);
  const [holdBack, setHoldBack] = useState(campaign?.holdBackNonReviewers ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.arc.createCampaign.useMutation();
  const update = trpc.arc.updateCampaign.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = {
      bookId,
      editionFileId: editionFileId || null,
      places: typeof places === 'number' ? places : Number.NaN,
      reviewBy: reviewBy ? reviewByOfDay(reviewBy) : '',
      promise,
      state: open ? ('open' as const) : ('closed' as const),
      holdBackNonReviewers: holdBack,
    };
    const checked = arcCampaignInputSchema.safeParse(values);
    if (!bookId) return setProblem('Choose the book');
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the form');
    setProblem(null);
    try {
      const { bookId: _book, ...patch } = checked.data;
      const saved = campaign
        ? await update.mutateAsync({ id: campaign.id, ...patch })
        : await create.mutateAsync(checked.data);
      await utils.arc.invalidate();
      toast({ title: campaign ? 'Campaign saved' : 'Campaign created', description: saved.bookTitle });
      onDone(saved.id);
    } catch (error) {
      setProblem(serverErrorMessage(error, 'The campaign could not be saved.'));
    }
  }

  const bookOptions = [
    { value: '', label: 'Choose a book' },
    ...(books.data ?? []).map((book) => ({ value: book.id, label: book.title })),
  ];
  const fileOptions = [
    { value: '', label: 'The book’s ebook file (EPUB first)' },
    ...(files.data ?? []).map((file) => ({ value: file.id, label: `${file.filename} (${file.editionFormat})` })),
  ];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={campaign ? 'Edit campaign' : 'New campaign'}>
      <Stack gap="sm">
        {!campaign && (
          <NativeSelect
            label="Book"
            data={bookOptions}
            value={bookId}
            onChange={(event) => setBookId(event.currentTarget.value)}
            required
          />
        )}
        <NativeSelect
          label="Edition file"
          description="The file each chosen reader’s fingerprinted copy is made from"
          data={fileOptions}
          value={editionFileId}
          onChange={(event) => setEditionFileId(event.currentTarget.value)}
          disabled={!bookId}
        />
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            type="date"
            label="Review by (release day)"
            value={reviewBy}
            onChange={(event) => setReviewBy(event.currentTarget.value)}
            required
            style={{ minWidth: 180 }}
          />
          <NumberInput
            label="Places"
            min={1}
            max={10_000}
            allowDecimal={false}
            value={places}
            onChange={setPlaces}
            required
            style={{ minWidth: 120 }}
          />
        </Group>
        <Textarea
          label="Promise"
          description="What each reader promises when applying (shown on /arc)"
          value={promise}
          onChange={(event) => setPromise(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
          required
        />
        <Switch
          label="Open for applications"
          checked={open}
          onChange={(event) => setOpen(event.currentTarget.checked)}
        />
        <Switch
          label="Hold back readers who never reviewed"
          description="A reader chosen before who never posted a review is listed last with the reason, and skipped by “best N”."
          checked={holdBack}
          onChange={(event) => setHoldBack(event.currentTarget.checked)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {campaign ? 'Save campaign' : 'Create campaign'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
