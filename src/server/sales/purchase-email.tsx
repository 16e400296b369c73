import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from '../newsletter/mail/email-layout.js';

export const purchaseSubject = (title: string) => `Your copy of ${title}`;
export const librarySignInSubject = 'Your library sign-in link';

type Purchase = {
  title: string;
  format: string;
  buyerName: string;
  reference: string;
  downloadUrl: string;
  libraryUrl: string;
  tips: { device: string; tip: string }[];
};

function PurchaseEmail({ purchase }: { purchase: Purchase }) {
  return (
    <EmailLayout
      preview={`Your ${purchase.format} of ${purchase.title} is ready to download.`}
      heading={`Thank you${purchase.buyerName ? `, ${purchase.buyerName}` : ''}`}
      footer={
        <FinePrint>
          Order {purchase.reference}. This email is about your purchase only: you are not on any mailing list unless you
          chose to be. Your books are always in <EmailLink href={purchase.libraryUrl}>your library</EmailLink>.
        </FinePrint>
      }
    >
      <Paragraph>
        Your copy of {purchase.title} ({purchase.format}) is ready. It is DRM-free and yours: this link works for 30
        days, and your library gives you a fresh one whenever you need it.
      </Paragraph>
      <EmailButton href={purchase.downloadUrl}>Download {purchase.title}</EmailButton>
      <FinePrint>
        Or open this link: <EmailLink href={purchase.downloadUrl}>{purchase.downloadUrl}</EmailLink>
      </FinePrint>
      <Paragraph>How to read it:</Paragraph>
      {purchase.tips.map(({ device, tip }) => (
        <Paragraph key={device}>
          <strong>{device}.</strong> {tip}
        </Paragraph>
      ))}
    </EmailLayout>
  );
}

export function renderPurchaseEmail(purchase: Purchase): Promise<RenderedEmail> {
  return renderEmail(<PurchaseEmail purchase={purchase} />);
}

function LibrarySignInEmail({ url }: { url: string }) {
  return (
    <EmailLayout
      preview="Open your library of books bought on this site."
      heading="Your library"
      footer={<FinePrint>If you did not ask for this, ignore this email: nothing happens without the link.</FinePrint>}
    >
      <Paragraph>Here is your sign-in link. It works for an hour, on this device or any other.</Paragraph>
      <EmailButton href={url}>Open my library</EmailButton>
      <FinePrint>
        Or open this link: <EmailLink href={url}>{url}</EmailLink>
      </FinePrint>
    </EmailLayout>
  );
}

export function renderLibrarySignInEmail(url: string): Promise<RenderedEmail> {
  return renderEmail(<LibrarySignInEmail url={url} />);
}
