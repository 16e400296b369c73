import { Img } from '@react-email/img';
import { PREORDER_EXPLAINER } from '../../../domain/preorders.js';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from '../mail/email-layout.js';

export type PreorderReceipt = {
  bookTitle: string;
  bookUrl: string;
  coverUrl: string | null;
  customerName: string;
  /** "Hardcover — $27.99" */
  choice: string;
  cancelUrl: string;
  siteUrl: string;
};

export const preorderReceiptSubject = (title: string) => `Your preorder of ${title}`;

function PreorderReceiptEmail({
  bookTitle,
  bookUrl,
  coverUrl,
  customerName,
  choice,
  cancelUrl,
  siteUrl,
}: PreorderReceipt) {
  return (
    <EmailLayout
      preview={`You reserved ${bookTitle} (${choice}). Nothing is charged.`}
      heading="Your preorder is reserved"
      footer={
        <FinePrint>
          You receive this because a preorder was placed with this address at{' '}
          <EmailLink href={siteUrl}>{siteUrl}</EmailLink>. Changed your mind? Cancel it here:{' '}
          <EmailLink href={cancelUrl}>{cancelUrl}</EmailLink>
        </FinePrint>
      }
    >
      {coverUrl && (
        <Img
          src={coverUrl}
          alt={`Cover of ${bookTitle}`}
          width="180"
          style={{ borderRadius: '6px', margin: '0 0 20px' }}
        />
      )}
      <Paragraph>Dear {customerName},</Paragraph>
      <Paragraph>
        You asked for {bookTitle}: {choice}.
      </Paragraph>
      <Paragraph>{PREORDER_EXPLAINER}</Paragraph>
      <EmailButton href={bookUrl}>See the book</EmailButton>
      <FinePrint>
        To cancel this preorder, open <EmailLink href={cancelUrl}>Cancel my preorder</EmailLink> and confirm.
      </FinePrint>
    </EmailLayout>
  );
}

export function renderPreorderReceipt(receipt: PreorderReceipt): Promise<RenderedEmail> {
  return renderEmail(<PreorderReceiptEmail {...receipt} />);
}
