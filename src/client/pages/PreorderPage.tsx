import { Button, NativeSelect, Textarea, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { BOOK_STATUS_LABELS } from '../../domain/books.js';
import { FORM_POST_PATHS, SENT_BOOK_PARAM, SENT_FORMAT_PARAM } from '../../domain/form-posts.js';
import {
  isOpenForPreorder,
  PREORDER_EXPLAINER,
  preorderOptionLabel,
  preorderOptionsFor,
  type PreorderOption,
} from '../../domain/preorders.js';
import { PREORDER_FORMAT_LABELS, PREORDER_FORMATS, type PreorderFormat } from '../../domain/submissions.js';
import { EDITIONS_ANCHOR } from '../books/book-links.js';
import { SERIES_NAME } from '../content/site.js';
import { trpc, type RouterOutputs } from '../trpc.js';
import { toastFailure } from '../ui/form-feedback.js';
import { useFormOutcome, useSentQuery, useWasSent } from '../ui/form-outcome.js';
import { FormNotice } from '../ui/FormNotice.js';
import { Honeypot } from '../ui/Honeypot.js';
import { CheckIcon } from '../ui/icons.js';
import { PageHeader } from '../ui/PageHeader.js';
import { toast } from '../ui/toast-store.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import { useSchemaForm } from '../ui/use-schema-form.js';
import classes from './PreorderPage.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) => utils.books.list.ensureData().catch(() => undefined);

type PreorderForm = {
  bookId: string;
  customerName: string;
  customerEmail: string;
  /** Empty until a format is chosen. */
  preferredFormat: PreorderFormat | '';
  phoneNumber: string;
  specialRequests: string;
  website: string;
};

const EMPTY_FORM: PreorderForm = {
  bookId: '',
  customerName: '',
  customerEmail: '',
  preferredFormat: '',
  phoneNumber: '',
  specialRequests: '',
  website: '',
};

/** `email` is null on the page a post made without the script is redirected to (it stays out of the URL). */
type Confirmation = { bookId: string; bookTitle: string; format: string; email: string | null };

const SENT_TITLE = 'Preorder Submitted!';
const SENT_TEXT = "Thank you for your preorder. We'll contact you when the book is available.";
const FAILURE_TITLE = 'Error';

/** The label of a format read back from the URL, which may name none. */
function formatLabel(format: string): string {
  const known = PREORDER_FORMATS.find((candidate) => candidate === format);
  return known ? PREORDER_FORMAT_LABELS[known] : 'copy';
}

export default function PreorderPage() {
  const books = trpc.books.list.useQuery();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const confirmationRef = useRef<HTMLElement>(null);
  // ?book= names a book by slug (the links on the site) or id; the list is already loaded, so the
  // server renders the same choice the browser hydrates.
  const requestedBook = String(useSentQuery()[SENT_BOOK_PARAM] ?? '');
  const preselected = books.data?.find((book) => book.slug === requestedBook || book.id === requestedBook);
  const form = useSchemaForm<PreorderForm>({
    initialValues: { ...EMPTY_FORM, bookId: preselected?.id ?? '' },
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

  // The confirmation replaces the taller form: bring it into view and give it focus.
  useEffect(() => {
    if (!confirmation || !confirmationRef.current) return;
    confirmationRef.current.focus({ preventScroll: true });
    confirmationRef.current.scrollIntoView({ block: 'center' });
  }, [confirmation]);

  const allBooks = books.data ?? [];
  // A preorder is for a book not out yet: published books are bought from their page instead.
  const bookList = allBooks.filter(isOpenForPreorder);
  const requestedPublished = allBooks.find(
    (book) => !isOpenForPreorder(book) && (book.slug === requestedBook || book.id === requestedBook),
  );
  const sentBookId = String(sentQuery[SENT_BOOK_PARAM] ?? '');
  const sentConfirmation: Confirmation | null = sent
    ? {
        bookId: sentBookId,
        bookTitle: bookList.find((book) => book.id === sentBookId)?.title ?? 'your book',
        format: formatLabel(String(sentQuery[SENT_FORMAT_PARAM] ?? '')),
        email: null,
      }
    : null;
  const shown = confirmation ?? sentConfirmation;
  const bookPlaceholder = books.isPending
    ? 'Loading books...'
    : bookList.length === 0
      ? 'No books available'
      : 'Select a book';
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
          <section
            ref={confirmationRef}
            tabIndex={-1}
            className={`${ui.formCard} ${classes.confirmation}`}
            aria-labelledby="confirmation-title"
          >
            {!confirmation && (
              <div className={classes.confirmNotice}>
                <FormNotice variant="success" title={SENT_TITLE}>
                  {SENT_TEXT}
                </FormNotice>
              </div>
            )}
            <span className={classes.confirmIcon}>
              <CheckIcon size={30} />
            </span>
            <Title order={2} id="confirmation-title" className={classes.confirmTitle}>
              Preorder Confirmed!
            </Title>
            <p className={classes.confirmText}>
              Your {shown.format.toLowerCase()} of <em>{shown.bookTitle}</em> is reserved. We&apos;ll write to{' '}
              {shown.email ? <strong>{shown.email}</strong> : 'you'} as soon as the book is available.
            </p>
            <div className={classes.confirmActions}>
              {confirmation ? (
                <Button size="md" onClick={() => setConfirmation(null)}>
                  Submit Another Preorder
                </Button>
              ) : (
                // A link, so it works before the script runs too: back to the empty form.
                <Button component={Link} to="/preorder" size="md">
                  Submit Another Preorder
                </Button>
              )}
              <Button
                component={Link}
                to="/excerpts"
                size="md"
                variant="outline"
                color="gray"
                className={classes.ghost}
              >
                Read an Excerpt
              </Button>
            </div>
          </section>
        ) : (
          <section className={ui.formCard} aria-labelledby="preorder-form-title">
            <Title order={2} id="preorder-form-title" className={classes.formTitle}>
              Your Preorder
            </Title>
            <form className={ui.formStack} {...formProps}>
              <p className={classes.explainer}>{PREORDER_EXPLAINER}</p>
              {requestedPublished && (
                <FormNotice variant="success" title={`${requestedPublished.title} is out now`}>
                  It is published, so there is nothing to preorder:{' '}
                  <Link to="/books/$slug" params={{ slug: requestedPublished.slug }} hash={EDITIONS_ANCHOR}>
                    buy {requestedPublished.title}
                  </Link>
                  .
                </FormNotice>
              )}
              {form.failure && (
                <FormNotice variant="error" title={FAILURE_TITLE}>
                  {form.failure}
                </FormNotice>
              )}
              <NativeSelect
                label="Book"
                required
                disabled={books.isPending || bookList.length === 0}
                data={[
                  { value: '', label: bookPlaceholder, disabled: true },
                  ...bookList.map((book) => ({
                    value: book.id,
                    label: `${book.title} — ${BOOK_STATUS_LABELS[book.status]}`,
                  })),
                ]}
                {...form.getInputProps('bookId')}
              />
              <NativeSelect
                label="Preferred format"
                required
                description={selected ? undefined : 'The formats depend on the book: choose the book first.'}
                data={[
                  { value: '', label: 'Select a format', disabled: true },
                  ...formatOptions.map((option) => ({ value: option.format, label: preorderOptionLabel(option) })),
                ]}
                {...form.getInputProps('preferredFormat')}
              />
              <div className={ui.formRow}>
                <TextInput label="Full name" required autoComplete="name" {...form.getInputProps('customerName')} />
                <TextInput
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  {...form.getInputProps('customerEmail')}
                />
              </div>
              <TextInput
                label={
                  <>
                    Phone number <span className={ui.optional}>(optional)</span>
                  </>
                }
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('phoneNumber')}
              />
              <Textarea
                label={
                  <>
                    Special requests <span className={ui.optional}>(optional)</span>
                  </>
                }
                rows={4}
                placeholder="A dedication for the bookplate, delivery notes…"
                {...form.getInputProps('specialRequests')}
              />
              <Honeypot value={form.values.website} onChange={(value) => form.setFieldValue('website', value)} />
              <Button type="submit" size="md" disabled={create.isPending} className={classes.submit}>
                {create.isPending ? 'Sending...' : 'Submit Preorder'}
              </Button>
            </form>
          </section>
        )}

        <aside className={classes.aside} aria-label="Selected book">
          {featured ? (
            <>
              <ResponsiveImage
                className={classes.cover}
                src={featured.coverImage}
                image={featured.image}
                alt={`Cover of ${featured.title}`}
                sizes="(max-width: 47.99em) 12rem, 16rem"
                width={600}
                height={900}
              />
              <p className={ui.eyebrow}>{BOOK_STATUS_LABELS[featured.status]}</p>
              <p className={classes.asideTitle}>{featured.title}</p>
              {shownPrice && <p className={classes.asidePrice}>{shownPrice}</p>}
            </>
          ) : (
            <div className={classes.coverPlaceholder} aria-hidden="true" />
          )}
          <ul className={classes.perks}>
            <li>A signed bookplate with every preorder</li>
            <li>A printed map of the southern marshes</li>
            <li>A note from us the moment it is available</li>
            <li>Nothing is charged: you buy it when it is out</li>
          </ul>
        </aside>
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
