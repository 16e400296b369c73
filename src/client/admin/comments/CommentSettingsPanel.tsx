import { Anchor, Button, Group, NumberInput, Skeleton, Switch, TagsInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CommentSettings } from '../../../domain/comments.schema.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { useAdminTab } from '../dashboard/use-admin-tab.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { LoadError } from '../ui/ListStates.js';

/**
 * The comment rules: hold first comments, the word list, closing after N days. The email about held comments is
 * Settings → Mail's switch (one setting, shown here as it stands).
 */
export function CommentSettingsPanel() {
  const [, setTab] = useAdminTab();
  const utils = trpc.useUtils();
  const settings = trpc.comments.settings.useQuery();
  const mail = trpc.settings.mail.useQuery();
  const update = trpc.comments.updateSettings.useMutation();
  const [words, setWords] = useState<string[]>([]);
  const [days, setDays] = useState<number | string>(0);

  useEffect(() => {
    if (!settings.data) return;
    setWords(settings.data.blockedWords);
    setDays(settings.data.closeAfterDays);
  }, [settings.data]);

  async function save(changes: Partial<CommentSettings>) {
    try {
      const saved = await update.mutateAsync(changes);
      utils.comments.settings.setData(undefined, saved);
      toast({ title: 'Settings saved', description: 'Comment settings updated.' });
    } catch (error) {
      toastFailure('Not saved', error, 'Please try again.');
    }
  }

  const notices = mail.data
    ? !mail.data.authorEmailConfigured
      ? 'off (AUTHOR_EMAIL is not set)'
      : mail.data.notifyAuthorOfComments
        ? 'on'
        : 'off'
    : '…';

  return (
    <AdminPanel id="comment-settings" title="Comment settings">
      {settings.isPending ? (
        <Skeleton height={160} aria-label="Loading the comment settings" />
      ) : settings.isError ? (
        <LoadError
          title="Could not load the comment settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <Switch
            size="md"
            label="Hold first comments for approval"
            description="A reader’s comments wait for you until one of them is approved."
            checked={settings.data.holdFirstComments}
            disabled={update.isPending}
            onChange={(event) => void save({ holdFirstComments: event.currentTarget.checked })}
          />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save({ blockedWords: words, closeAfterDays: typeof days === 'number' ? days : Number(days) || 0 });
            }}
          >
            <TagsInput
              label="Word list"
              description="A comment with one of these words (whole words, any case) waits for your approval. Press Enter after each word."
              value={words}
              onChange={setWords}
              maxLength={60}
              clearable
              mb="sm"
            />
            <NumberInput
              label="Close comments after (days)"
              description="Counted from a post’s publication. 0: never."
              value={days}
              onChange={setDays}
              min={0}
              max={3650}
              allowDecimal={false}
              allowNegative={false}
              maw={{ sm: 240 }}
              mb="sm"
            />
            <Button type="submit" loading={update.isPending}>
              Save word list and closing
            </Button>
          </form>
          <Group gap={6} wrap="wrap">
            <Text size="sm">Email about each held comment: {notices}.</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => setTab('settings')}>
              Change in Settings → Mail
            </Anchor>
          </Group>
        </>
      )}
    </AdminPanel>
  );
}
