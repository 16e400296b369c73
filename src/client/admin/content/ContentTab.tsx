import { Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDeleteModal } from '../ui/ConfirmDeleteModal.js';
import { PlusIcon } from '../../ui/icons.js';
import { EmptyState, ListSkeleton, LoadError } from '../ui/ListStates.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import type { ContentActions, ContentKind } from './use-content-actions.js';

type ListQuery<T> = {
  data: T[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type ListItemActions<T> = { edit: (item: T) => void; remove: (item: T) => void };

export type ContentFormProps<T, TData> = {
  /** The item being edited, or null for a new one. */
  item: T | null;
  saving: boolean;
  /** Saves (the form closes when it succeeded); resolves true once saved. */
  onSave: (data: TData) => Promise<boolean>;
  onCancel: () => void;
};

type ContentTabProps<T extends { id: string }, TData> = {
  kind: ContentKind;
  /** Plural heading, e.g. 'Books'. */
  title: string;
  query: ListQuery<T>;
  actions: ContentActions<TData>;
  emptyTitle: string;
  emptyHint?: string;
  itemName: (item: T) => string;
  /** What else deleting this item does, said in the confirmation (e.g. books becoming standalone). */
  deleteNote?: (item: T) => string | null;
  renderList: (items: T[], actions: ListItemActions<T>) => ReactNode;
  renderForm: (props: ContentFormProps<T, TData>) => ReactNode;
  /** Shown above the list, e.g. a hint that excerpts need a book first. */
  notice?: ReactNode;
  /** Shown under the list when it has items, e.g. a paged list's "Load more". */
  footer?: ReactNode;
  /** The heading's count when the items are not the whole list (e.g. '100+' while more pages follow). */
  count?: string;
  canAdd?: boolean;
};

type Mode<T> = { kind: 'list' } | { kind: 'form'; item: T | null };

/**
 * One kind of content: its list with Add/Edit/Delete, and the Add/Edit form that replaces the
 * list until it is saved or cancelled. Delete asks for confirmation in a modal.
 */
export function ContentTab<T extends { id: string }, TData>(props: ContentTabProps<T, TData>) {
  const { kind, title, query, actions, itemName } = props;
  const [mode, setMode] = useState<Mode<T>>({ kind: 'list' });
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const [finishing, setFinishing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backFromForm = useRef(false);

  // Back from the form (saved or cancelled): focus returns to the list's heading, not to <body>.
  useEffect(() => {
    if (mode.kind === 'list' && backFromForm.current) {
      backFromForm.current = false;
      headingRef.current?.focus();
    }
  }, [mode]);
  const showList = () => {
    backFromForm.current = true;
    setMode({ kind: 'list' });
  };
  const addLabel = `Add ${kind.replace(/(^|\s)\w/g, (c) => c.toUpperCase())}`;

  if (mode.kind === 'form') {
    const editing = mode.item;
    return props.renderForm({
      item: editing,
      saving: actions.saving || finishing,
      onCancel: showList,
      onSave: (data) => {
        setFinishing(true);
        return actions.save(editing?.id ?? null, data).then((saved) => {
          setFinishing(false);
          if (saved) showList();
          return saved;
        });
      },
    });
  }

  const items = query.data;
  const count = props.count !== undefined && items ? ` (${props.count})` : items ? ` (${items.length})` : '';
  const addButton = (
    <Button
      leftSection={<PlusIcon size={16} />}
      onClick={() => setMode({ kind: 'form', item: null })}
      disabled={props.canAdd === false}
    >
      {addLabel}
    </Button>
  );

  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton label={`Loading ${title.toLowerCase()}`} />;
  else if (query.error || !items)
    body = (
      <LoadError
        title={`Failed to Load ${title}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (items.length === 0) body = <EmptyState title={props.emptyTitle} hint={props.emptyHint} />;
  else
    body = (
      <>
        {props.renderList(items, {
          edit: (item) => setMode({ kind: 'form', item }),
          remove: (item) => setPendingDelete(item),
        })}
        {props.footer}
      </>
    );

  return (
    <Stack gap={0}>
      <SectionHeader title={`${title}${count}`} actions={addButton} headingRef={headingRef} />
      {props.notice}
      {body}
      <ConfirmDeleteModal
        itemLabel={kind}
        itemName={pendingDelete ? itemName(pendingDelete) : null}
        note={pendingDelete ? props.deleteNote?.(pendingDelete) : null}
        deleting={actions.deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (!pendingDelete) return;
          void actions.remove(pendingDelete.id).then(() => setPendingDelete(null));
        }}
      />
    </Stack>
  );
}
