import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from '../mail/email-layout.js';

export const giftLinkSubject = (title: string) => `Your download link for ${title}`;

type Links = { giftUrl: string; preferencesUrl: string; unsubscribeUrl: string };

function GiftLinkEmail({ title, links }: { title: string; links: Links }) {
  return (
    <EmailLayout
      preview={`A fresh link for ${title}.`}
      heading={`Your gift: ${title}`}
      footer={
        <FinePrint>
          <EmailLink href={links.preferencesUrl}>Choose what you receive</EmailLink> ·{' '}
          <EmailLink href={links.unsubscribeUrl}>Unsubscribe</EmailLink>
        </FinePrint>
      }
    >
      <Paragraph>
        Here is a new personal download link, as asked. It works for 30 days, on each of your devices.
      </Paragraph>
      <EmailButton href={links.giftUrl}>Download {title}</EmailButton>
      <FinePrint>
        Or open this link: <EmailLink href={links.giftUrl}>{links.giftUrl}</EmailLink>
      </FinePrint>
    </EmailLayout>
  );
}

export function renderGiftLinkEmail(title: string, links: Links): Promise<RenderedEmail> {
  return renderEmail(<GiftLinkEmail title={title} links={links} />);
}
