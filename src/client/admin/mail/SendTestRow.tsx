import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { emailSchema } from '../../../domain/fields.schema.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

/** "Send a test to…": saves the draft first (so the test is what is on screen), then mails it to one address. */
export function SendTestRow({ busy, saveDraft }: { busy: boolean; saveDraft: () => Promise<string | null> }) {
  const sendTest = trpc.mail.sendTest.useMutation();
  const [testAddress, setTestAddress] = useState('');
  const [testError, setTestError] = useState<string | null>(null);

  async function submitTest() {
    const address = emailSchema.safeParse(testAddress);
    if (!address.success) {
      setTestError(address.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setTestError(null);
    const id = await saveDraft();
    if (!id) return;
    try {
      const result = await sendTest.mutateAsync({ id, to: address.data });
      toast({ title: 'Test sent', description: result.message });
    } catch (error) {
      toastFailure('Test failed', error, 'Please try again.');
    }
  }

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        label="Send a test to…"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={testAddress}
        error={testError}
        onChange={(event) => setTestAddress(event.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      <Button variant="default" onClick={() => void submitTest()} disabled={busy || sendTest.isPending}>
        {sendTest.isPending ? 'Sending test...' : 'Send test'}
      </Button>
    </Group>
  );
}
