import { Button, NativeSelect, Textarea, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BOOK_STATUS_LABELS } from '../../../domain/books.js';
import { PREORDER_EXPLAINER, preorderOptionLabel, type PreorderOption } from '../../../domain/preorders.js';
import { EDITIONS_ANCHOR } from '../../books/book-links.js';
import type { RouterOutputs } from '../../trpc.js';
import { FormNotice } from '../../ui/FormNotice.js';
import { Honeypot } from '../../ui/Honeypot.js';
import ui from '../../ui/ui.module.css';
import type { SchemaForm } from '../../ui/use-schema-form.js';
import classes from '../PreorderPage.module.css';
import { FAILURE_TITLE, type PreorderForm } from './preorder-copy.js';

type PreorderBook = RouterOutputs['books']['list'][number];

/** The preorder form: the book, the formats it offers, the reader's details. */
export function PreorderFormCard({
  form,
  formProps,
  bookList,
  booksPending,
  requestedPublished,
  selected,
  formatOptions,
  sending,
}: {
  form: SchemaForm<PreorderForm>;
  formProps: ReturnType<SchemaForm<PreorderForm>['getFormProps']>;
  /** The books open for preorder. */
  bookList: PreorderBook[];
  booksPending: boolean;
  /** A published book the link asked for: it is bought, not preordered. */
  requestedPublished: PreorderBook | undefined;
  selected: PreorderBook | undefined;
  formatOptions: PreorderOption[];
  sending: boolean;
}) {
  return (
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
        <PreorderChoiceFields
          form={form}
          bookList={bookList}
          booksPending={booksPending}
          selected={selected}
          formatOptions={formatOptions}
        />
        <ReaderDetailsFields form={form} />
        <Honeypot value={form.values.website} onChange={(value) => form.setFieldValue('website', value)} />
        <Button type="submit" size="md" disabled={sending} className={classes.submit}>
          {sending ? 'Sending...' : 'Submit Preorder'}
        </Button>
      </form>
    </section>
  );
}

/** The book (of those open for preorder) and the format, among the ones the chosen book offers. */
function PreorderChoiceFields({
  form,
  bookList,
  booksPending,
  selected,
  formatOptions,
}: {
  form: SchemaForm<PreorderForm>;
  bookList: PreorderBook[];
  booksPending: boolean;
  selected: PreorderBook | undefined;
  formatOptions: PreorderOption[];
}) {
  const bookPlaceholder = booksPending
    ? 'Loading books...'
    : bookList.length === 0
      ? 'No books available'
      : 'Select a book';
  return (
    <>
      <NativeSelect
        label="Book"
        required
        disabled={booksPending || bookList.length === 0}
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
    </>
  );
}

/** The reader's details: name and email, then the optional phone number and special requests. */
function ReaderDetailsFields({ form }: { form: SchemaForm<PreorderForm> }) {
  return (
    <>
      <div className={ui.formRow}>
        <TextInput label="Full name" required autoComplete="name" {...form.getInputProps('customerName')} />
        <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('customerEmail')} />
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
    </>
  );
}
