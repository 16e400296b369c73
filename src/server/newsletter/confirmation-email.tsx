import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from './mail/email-layout.js';

export const CONFIRMATION_SUBJECT = 'Confirm your subscription to The Cinderwake Cycle';

function ConfirmationEmail({ confirmUrl, unsubscribeUrl, siteUrl, notMeUrl, requestedAt }: ConfirmationLinks) {
  return (
    <EmailLayout
      preview="One click and the next writ from the Cinderwake Cycle is yours."
      heading="Confirm your subscription"
      footer={
        <>
          <FinePrint>
            You get this email because this address was entered in the newsletter form at{' '}
            <EmailLink href={siteUrl}>{siteUrl}</EmailLink>. If that was not you, ignore it: the address is not
            subscribed, and no newsletter will be sent to it.
          </FinePrint>
          <FinePrint>
            <EmailLink href={notMeUrl}>This wasn't me: never email this address again</EmailLink>
            {' · '}
            <EmailLink href={unsubscribeUrl}>Unsubscribe</EmailLink>
          </FinePrint>
        </>
      }
    >
      <Paragraph>Someone asked on {requestedAt} to subscribe this address to the newsletter.</Paragraph>
      <Paragraph>
        Thank you for asking to join the newsletter: news of the books, excerpts and art, one or two letters a month.
      </Paragraph>
      <Paragraph>Confirm that this address is yours and you are in:</Paragraph>
      <EmailButton href={confirmUrl}>Confirm my subscription</EmailButton>
      <FinePrint>
        Or open this link: <EmailLink href={confirmUrl}>{confirmUrl}</EmailLink>. Confirm within three days; once you
        have, the link keeps working and simply shows that you are in.
      </FinePrint>
      <FinePrint>
        Not you? <EmailLink href={notMeUrl}>This wasn't me</EmailLink>: the address is put on the site's do-not-mail
        list at once, and nothing more is sent to it.
      </FinePrint>
    </EmailLayout>
  );
}

export type ConfirmationLinks = {
  confirmUrl: string;
  unsubscribeUrl: string;
  siteUrl: string;
  /** The "this wasn't me" page. */
  notMeUrl: string;
  /** When the sign-up was made, in the site's format ('Nov 25, 2026 at 18:40 UTC'); never the address. */
  requestedAt: string;
};

export function renderConfirmationEmail(links: ConfirmationLinks): Promise<RenderedEmail> {
  return renderEmail(<ConfirmationEmail {...links} />);
}
