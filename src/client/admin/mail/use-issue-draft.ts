import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import { issueDraftInputSchema } from '../../../domain/newsletter-issues.schema.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';

export type DraftValues = { subject: string; preheader: string; body: string; inArchive: boolean };

const EMPTY: DraftValues = { subject: '', preheader: '', body: '', inArchive: false };

type IssueDraft = {
  form: UseFormReturnType<DraftValues>;
  /** The saved draft's id; null until it is first saved. */
  issueId: string | null;
  /** A welcome-sequence email's delay and on/off switch (unused for an issue). */
  delayDays: number;
  setDelayDays: (days: number) => void;
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /** Saves the form (creating the draft the first time); null when invalid or refused. */
  saveDraft: (quiet?: boolean) => Promise<string | null>;
  saving: boolean;
};

/**
 * The composer's draft: its form, and saving it as an issue's draft (linking `postId`'s post) or, with `step`,
 * as a welcome-sequence email with its delay and switch; a toast says it is saved unless `quiet`.
 */
export function useIssueDraft({
  issue,
  initial,
  postId,
  step,
  onSaved,
}: {
  issue: NewsletterIssue | null;
  initial?: Omit<DraftValues, 'inArchive'>;
  postId?: string;
  step?: number;
  onSaved: (issue: NewsletterIssue) => void;
}): IssueDraft {
  const inSequence = step !== undefined;
  const [delayDays, setDelayDays] = useState<number>(issue?.delayDays ?? (step ? step * 2 : 0));
  const [enabled, setEnabled] = useState<boolean>(issue ? issue.sequenceEnabled : true);
  const saveSequence = trpc.mail.saveSequenceEmail.useMutation();
  const utils = trpc.useUtils();
  const [issueId, setIssueId] = useState<string | null>(issue?.id ?? null);
  const form = useForm<DraftValues>({
    mode: 'controlled',
    initialValues: issue
      ? { subject: issue.subject, preheader: issue.preheader, body: issue.body, inArchive: issue.inArchive }
      : { ...EMPTY, ...initial },
    validate: zodValidate(issueDraftInputSchema, (values: DraftValues) => values),
  });
  const save = trpc.mail.saveDraft.useMutation();

  async function saveDraft(quiet = false): Promise<string | null> {
    if (form.validate().hasErrors) return null;
    try {
      const saved = inSequence
        ? await saveSequence.mutateAsync({ ...form.getValues(), step, delayDays, enabled })
        : await save.mutateAsync({
            ...form.getValues(),
            ...(issueId ? { id: issueId } : {}),
            ...(postId ? { postId } : {}),
          });
      setIssueId(saved.id);
      form.resetDirty();
      onSaved(saved);
      await (inSequence ? utils.mail.sequence.invalidate() : utils.mail.issues.invalidate());
      if (!quiet)
        toast({
          title: inSequence ? 'Saved' : 'Draft saved',
          description: inSequence ? `“${saved.subject}” is saved.` : `“${saved.subject}” is saved as a draft.`,
        });
      return saved.id;
    } catch (error) {
      toastFailure('Save failed', error, 'Please try again.');
      return null;
    }
  }

  const saving = save.isPending || saveSequence.isPending;
  return { form, issueId, delayDays, setDelayDays, enabled, setEnabled, saveDraft, saving };
}
