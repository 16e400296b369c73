import { AdminPanel } from '../ui/AdminPanel.js';
import { Skeleton, Switch, Text } from '@mantine/core';
import type { MailSettings } from '../../../domain/site-settings.js';
import { trpc } from '../../trpc.js';
import { toast } from '../../ui/toast-store.js';
import { LoadError } from '../ui/ListStates.js';
import { toastFailure } from '../../ui/form-feedback.js';

/** Settings: double opt-in for issues, and which notices the author gets at AUTHOR_EMAIL. */
export function MailSettingsPanel() {
  const utils = trpc.useUtils();
  const settings = trpc.settings.mail.useQuery();
  const update = trpc.settings.updateMail.useMutation();

  async function change(changes: Partial<MailSettings>) {
    try {
      const saved = await update.mutateAsync(changes);
      utils.settings.mail.setData(undefined, (current) => (current ? { ...current, ...saved } : current));
      await utils.mail.recipientCount.invalidate();
      toast({ title: 'Settings saved', description: 'Mail settings updated.' });
    } catch (error) {
      toastFailure('Not saved', error, 'Please try again.');
    }
  }

  return (
    <AdminPanel id="mail-settings" title="Mail">
      {settings.isPending ? (
        <Skeleton height={96} aria-label="Loading mail settings" />
      ) : settings.isError ? (
        <LoadError
          title="Could not load the mail settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <Switch
            size="md"
            label="Require confirmation (double opt-in)"
            description="Issues go only to subscribers who confirmed their address (those from before double opt-in count as confirmed)."
            checked={settings.data.requireConfirmation}
            disabled={update.isPending}
            onChange={(event) => void change({ requireConfirmation: event.currentTarget.checked })}
          />
          <Text size="sm" fw={600} mt="xs">
            Notices to the author
          </Text>
          {!settings.data.authorEmailConfigured && (
            <Text size="sm" c="dimmed">
              Set AUTHOR_EMAIL in the server’s environment to receive these notices.
            </Text>
          )}
          <Switch
            size="md"
            label="Email me each new contact message"
            description="Replying to the notice answers the visitor."
            checked={settings.data.notifyAuthorOfContact}
            disabled={update.isPending || !settings.data.authorEmailConfigured}
            onChange={(event) => void change({ notifyAuthorOfContact: event.currentTarget.checked })}
          />
          <Switch
            size="md"
            label="Email me each new preorder"
            checked={settings.data.notifyAuthorOfPreorder}
            disabled={update.isPending || !settings.data.authorEmailConfigured}
            onChange={(event) => void change({ notifyAuthorOfPreorder: event.currentTarget.checked })}
          />
          <Switch
            size="md"
            label="Email me each comment held for approval"
            checked={settings.data.notifyAuthorOfComments}
            disabled={update.isPending || !settings.data.authorEmailConfigured}
            onChange={(event) => void change({ notifyAuthorOfComments: event.currentTarget.checked })}
          />
        </>
      )}
    </AdminPanel>
  );
}
