import { Alert, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { postFile } from '../forms/upload-image.js';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { formatAdminDate } from '../ui/format-date.js';

type Lookup =
  | {
      status: 'found';
      foundIn: string[];
      order: null | {
        reference: string;
        buyerName: string;
        buyerEmail: string;
        bookTitle: string | null;
        state: string;
        createdAt: string;
      };
      /** An advance reader copy (the ARC team's): the reader it was made for. */
      arcReader?: null | { applicationId: string; campaignId: string; name: string; email: string; state: string };
    }
  | { status: 'none'; kind: string };

type Outcome = { ok: boolean; title: string; text: string };

function outcomeOf(fileName: string, result: Lookup): Outcome {
  if (result.status === 'none')
    return {
      ok: false,
      title: 'No fingerprint found',
      text: `${fileName} is a readable ${result.kind}, but carries no fingerprint this site wrote: it is not one of its personal copies, or the marks were stripped.`,
    };
  const where = result.foundIn.join(', ');
  if (result.order)
    return {
      ok: true,
      title: `Order ${result.order.reference}`,
      text: `${fileName} is the copy of ${result.order.bookTitle ?? 'a book'} made for ${result.order.buyerName || result.order.buyerEmail} <${result.order.buyerEmail}>, order ${result.order.reference} of ${formatAdminDate(result.order.createdAt)} (${result.order.state}); found in the ${where}.`,
    };
  if (result.arcReader)
    return {
      ok: true,
      title: `Advance copy of ${result.arcReader.name}`,
      text: `${fileName} is the advance reader copy made for ${result.arcReader.name} <${result.arcReader.email}> (ARC team, ${result.arcReader.state}); found in the ${where}.`,
    };
  return {
    ok: false,
    title: 'Fingerprint found, no order',
    text: `${fileName} carries a copy fingerprint (in the ${where}), but no order or advance copy of this site has it (another site’s copy, or an erased order).`,
  };
}

/**
 * Find a copy's buyer (the leak lookup, POST /api/admin/sales/find-copy): an uploaded file's fingerprint names the
 * order, or the ARC reader, it was made for. Shown in Settings → Sales and in the ARC team tab.
 */
export function FindCopy({ level = 3 }: { level?: 3 | 4 }) {
  const session = useAdminSession();
  const titleId = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function look(file: File | null) {
    if (!file) return;
    const key = readAdminKey();
    if (!key) return session.expire();
    setOutcome(null);
    setBusy(0);
    try {
      setOutcome(
        outcomeOf(file.name, (await postFile('/api/admin/sales/find-copy', 'file', file, key, setBusy)) as Lookup),
      );
    } catch (error) {
      setOutcome({
        ok: false,
        title: 'File not readable',
        text: error instanceof Error ? error.message : 'The file could not be read.',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={level} size="h5" id={titleId}>
        Find a copy’s buyer
      </Title>
      <Text size="sm" c="dimmed">
        Found a copy shared online? Upload the EPUB or PDF (or an audiobook ZIP): its fingerprint names the order, or
        the advance reader, it was made for.
      </Text>
      <Group gap="xs">
        <FileButton onChange={(file) => void look(file)} accept=".epub,.pdf,.zip,.mp3">
          {(props) => (
            <Button {...props} variant="default" loading={busy !== null}>
              Choose a file to check
            </Button>
          )}
        </FileButton>
      </Group>
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'yellow'} variant="light" role="status" title={outcome.title}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {outcome.text}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
