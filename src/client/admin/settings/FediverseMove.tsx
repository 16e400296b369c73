import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

/**
 * Settings → Site → Fediverse → "Move this account": the new account's address (it must list this one among its old
 * accounts first); a move sends every follower a Move and can be undone. Buttons, not a form: it sits inside the
 * settings' form and acts at once.
 */
export function FediverseMove() {
  const utils = trpc.useUtils();
  const status = trpc.fediverse.moveStatus.useQuery();
  const move = trpc.fediverse.move.useMutation();
  const cancel = trpc.fediverse.cancelMove.useMutation();
  const [target, setTarget] = useState('');
  const movedTo = status.data?.movedTo ?? null;

  async function start() {
    try {
      const done = await move.mutateAsync({ target });
      setTarget('');
      await utils.fediverse.moveStatus.invalidate();
      toast({ title: 'Account moved', description: `Your followers are told it moved to ${done.movedTo}.` });
    } catch (error) {
      toastFailure('Not moved', error, 'Please try again.');
    }
  }

  async function undo() {
    try {
      await cancel.mutateAsync();
      await utils.fediverse.moveStatus.invalidate();
    } catch (error) {
      toastFailure('Move not undone', error, 'Please try again.');
    }
  }

  if (movedTo)
    return (
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          This account has moved to {movedTo}.
        </Text>
        <Group>
          <Button variant="default" loading={cancel.isPending} onClick={() => void undo()}>
            Undo the move
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Move this account to"
        description="The new account's address (like https://new.example/users/me). List this account among its old accounts first; every follower is then told to follow the new one."
        placeholder="https://new.example/users/me"
        value={target}
        onChange={(event) => setTarget(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button type="button" loading={move.isPending} disabled={target.trim() === ''} onClick={() => void start()}>
        Move
      </Button>
    </Group>
  );
}
