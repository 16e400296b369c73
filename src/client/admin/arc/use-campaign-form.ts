import { useState, type FormEvent } from 'react';
import { arcCampaignInputSchema } from '../../../domain/arc.schema.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

export type Campaign = RouterOutputs['arc']['campaigns'][number];

const DEFAULT_PROMISE =
  'I will read the copy and post an honest review by release day, whether or not I enjoyed it, or step back.';

/** "Review by" is a day: the end of that day (UTC), so "by release day" includes it. */
const reviewByOfDay = (day: string) => `${day}T23:59:59.000Z`;

/**
 * A campaign form's state: each field (from `campaign`, or the defaults of a new one), the books and the chosen
 * book's edition files to choose from, and saving: checked by the shared schema, then created or updated, with
 * the first problem found (or the server's refusal) to show.
 */
export function useCampaignForm(campaign: Campaign | undefined, onDone: (id: string) => void) {
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

  return {
    bookId,
    setBookId,
    bookOptions: [
      { value: '', label: 'Choose a book' },
      ...(books.data ?? []).map((book) => ({ value: book.id, label: book.title })),
    ],
    editionFileId,
    setEditionFileId,
    fileOptions: [
      { value: '', label: 'The book’s ebook file (EPUB first)' },
      ...(files.data ?? []).map((file) => ({ value: file.id, label: `${file.filename} (${file.editionFormat})` })),
    ],
    reviewBy,
    setReviewBy,
    places,
    setPlaces,
    promise,
    setPromise,
    open,
    setOpen,
    holdBack,
    setHoldBack,
    problem,
    saving: create.isPending || update.isPending,
    /** The form's onSubmit. */
    submit: (event: FormEvent) => void submit(event),
  };
}
