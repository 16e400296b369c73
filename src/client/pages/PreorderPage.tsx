import { useEffect, useState } from 'react';
import { FORM_POST_PATHS, SENT_BOOK_PARAM, SENT_FORMAT_PARAM } from '../../domain/form-posts.js';
import { isOpenForPreorder, preorderOptionsFor, type PreorderOption } from '../../domain/preorders.js';
import { PREORDER_FORMAT_LABELS, PREORDER_FORMATS, type PreorderFormat } from '../../domain/submissions.js';
import { SERIES_NAME } from '../content/site.js';
import { trpc, type RouterOutputs } from '../trpc.js';
import { toastFailure } from '../ui/form-feedback.js';
import { useFormOutcome, useSentQuery, useWasSent } from '../ui/form-outcome.js';
import { PageHeader } from '../ui/PageHeader.js';
import { toast } from '../ui/toast-store.js';
import ui from '../ui/ui.module.css';
import { useSchemaForm } from '../ui/use-schema-form.js';
import classes from './PreorderPage.module.css';
import { PreorderAside } from './preorder/PreorderAside.js';
import { PreorderConfirmation } from './preorder/PreorderConfirmation.js';
import {
  EMPTY_PREORDER_FORM,
  FAILURE_TITLE,
  formatLabel,
  SENT_TEXT,
  SENT_TITLE,
  type PreorderConfirmationFacts,
  type PreorderForm,
} from './preorder/preorder-copy.js';
import { PreorderFormCard } from './preorder/PreorderFormCard.js';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) => utils.books.list.ensureData().catch(() => undefined);

export default function PreorderPage() {
  const books = trpc.books.list.useQuery();
  const [confirmation, setConfirmation] = useState<PreorderConfirmationFacts | null>(null);
  // ?book= names a book by slug (the links on the site) or id; the list is already loaded, so the
  // server renders the same choice the browser hydrates.
  const requestedBook = String(useSentQuery()[SENT_BOOK_PARAM] ?? '');
  const preselected = books.data?.find((book) => book.slug === requestedBook || book.id === requestedBook);
  const form = useSchemaForm<PreorderForm>({
    initialValues: { ...EMPTY_PREORDER_FORM, bookId: preselected?.id ?? '' },
    schema: () => import('../../domain/submissions.schema.js').then((module) => module.preorderInputSchema),
    // The shared schema's checks, with friendlier words for the two choices.
    errorMessages: { bookId: 'Please choose a book', preferredFormat: 'Please choose a format' },
    action: FORM_POST_PATHS.preorder,
    outcome: useFormOutcome('preorder'),
  });
  const sent = useWasSent('preorder');
  const sentQuery = useSentQuery();

  const create = trpc.preorders.create.useMutation({
    onSuccess: (_result, input) => {
      toast({ title: SENT_TITLE, description: SENT_TEXT });
      const book = books.data?.find((candidate) => candidate.id === input.bookId);
      const option = book && preorderOptionsFor(book).find((candidate) => candidate.format === input.preferredFormat);
      setConfirmation({
        bookId: input.bookId,
        bookTitle: book?.title ?? 'your book',
        format: option?.label ?? formatLabel(input.preferredFormat),
        email: input.customerEmail,
      });
      form.reset();
    },
    onError: (error) => toastFailure(FAILURE_TITLE, error, 'Failed to submit preorder. Please try again.'),
  });

  const formProps = form.getFormProps((values) =>
    create.mutate({
      bookId: values.bookId,
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      // The schema has just refused an empty format.
      preferredFormat: values.preferredFormat as PreorderFormat,
      phoneNumber: values.phoneNumber,
      specialRequests: values.specialRequests,
      website: values.website,
    }),
  );

  const allBooks = books.data ?? [];
  // A preorder is for a book not out yet: published books are bought from their page instead.
  const bookList = allBooks.filter(isOpenForPreorder);
  const requestedPublished = allBooks.find(
    (book) => !isOpenForPreorder(book) && (book.slug === requestedBook || book.id === requestedBook),
  );
  const sentBookId = String(sentQuery[SENT_BOOK_PARAM] ?? '');
  const sentConfirmation: PreorderConfirmationFacts | null = sent
    ? {
        bookId: sentBookId,
        bookTitle: bookList.find((book) => book.id === sentBookId)?.title ?? 'your book',
        format: formatLabel(String(sentQuery[SENT_FORMAT_PARAM] ?? '')),
        email: null,
      }
    : null;
  const shown = confirmation ?? sentConfirmation;
  const selected = bookList.find((book) => book.id === (shown?.bookId ?? form.values.bookId));
  const featured = selected ?? bookList.find((book) => book.status === 'preorder') ?? bookList[0];
  const formatOptions = formatChoicesFor(selected, bookList);
  const chosenOption = formatOptions.find((option) => option.format === form.values.preferredFormat);
  const shownPrice = chosenOption?.price ?? (selected ? null : featured?.price);
  // A format the newly chosen book does not offer is cleared, so the reader picks again.
  const staleFormat = form.values.preferredFormat !== '' && !chosenOption && selected !== undefined;
  useEffect(() => {
    if (staleFormat) form.setFieldValue('preferredFormat', '');
  }, [staleFormat, form]);

  return (
    <>
      <PageHeader
        eyebrow={SERIES_NAME}
        title="Preorder"
        lede="Reserve your copy of a book before it is out. Every preorder placed before publication day receives a signed bookplate."
      />
      <div className={`${ui.container} ${classes.layout}`}>
        {shown ? (
          <PreorderConfirmation shown={shown} live={confirmation !== null} onAnother={() => setConfirmation(null)} />
        ) : (
          <PreorderFormCard
            form={form}
            formProps={formProps}
            bookList={bookList}
            booksPending={books.isPending}
            requestedPublished={requestedPublished}
            selected={selected}
            formatOptions={formatOptions}
            sending={create.isPending}
          />
        )}
        <PreorderAside featured={featured} shownPrice={shownPrice} />
      </div>
    </>
  );
}

type PreorderBook = RouterOutputs['books']['list'][number];

/**
 * The chosen book's own formats with their prices; before a book is chosen (or without the
 * script, which cannot change the list), every format any open book offers, without prices.
 */
function formatChoicesFor(selected: PreorderBook | undefined, openBooks: PreorderBook[]): PreorderOption[] {
  if (selected) return preorderOptionsFor(selected);
  const offered = new Set(openBooks.flatMap((book) => preorderOptionsFor(book).map((option) => option.format)));
  return PREORDER_FORMATS.filter((format) => offered.has(format)).map((format) => ({
    format,
    label: PREORDER_FORMAT_LABELS[format],
    price: null,
  }));
}
