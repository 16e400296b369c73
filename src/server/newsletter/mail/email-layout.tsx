// Each component from its own package: @react-email/components would also load Tailwind and a code
// highlighter at start (about 1 s and 40 MB) that no email here uses.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactElement, ReactNode } from 'react';

/** The site's palette (see the client theme); inline, since mail clients drop style sheets. */
export const palette = {
  page: '#0e0c0b',
  card: '#1a1514',
  border: '#3d342f',
  text: '#eadfc8',
  dimmed: '#b8a990',
  link: '#ef8257',
  button: '#a8321c',
  buttonText: '#fff4e6',
};

const bodyFont = "Georgia, 'Times New Roman', serif";

export function EmailLayout({
  preview,
  heading,
  children,
  footer,
}: {
  preview: string;
  heading: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="dark" />
        <meta name="supported-color-schemes" content="dark" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: palette.page,
          color: palette.text,
          fontFamily: bodyFont,
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: palette.card,
            border: `1px solid ${palette.border}`,
            borderRadius: '8px',
            maxWidth: '560px',
            padding: '32px 28px',
            // The column is the screen's width at most: an image shown as its text (images blocked) or a long word
            // inside never widens it past a phone's screen.
            tableLayout: 'fixed',
          }}
        >
          <Text
            style={{
              color: palette.link,
              fontSize: '13px',
              letterSpacing: '0.12em',
              margin: '0 0 8px',
              textTransform: 'uppercase',
            }}
          >
            The Cinderwake Cycle
          </Text>
          <Heading
            as="h1"
            style={{
              color: palette.text,
              fontSize: '26px',
              fontWeight: 600,
              lineHeight: '1.25',
              margin: '0 0 20px',
              overflowWrap: 'break-word',
            }}
          >
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: palette.border, margin: '28px 0 16px' }} />
          <Section style={{ color: palette.dimmed, fontSize: '13px', lineHeight: '1.5' }}>{footer}</Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text
      style={{
        color: palette.text,
        fontSize: '16px',
        lineHeight: '1.6',
        margin: '0 0 16px',
        overflowWrap: 'break-word',
      }}
    >
      {children}
    </Text>
  );
}

export function FinePrint({ children }: { children: ReactNode }) {
  return (
    <Text style={{ color: palette.dimmed, fontSize: '13px', lineHeight: '1.5', margin: '0 0 8px' }}>{children}</Text>
  );
}

export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: palette.link, textDecoration: 'underline', wordBreak: 'break-all' }}>
      {children}
    </Link>
  );
}

/** A button made of a link (what every mail client renders), with its URL also in the plain text. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Link
        href={href}
        style={{
          backgroundColor: palette.button,
          borderRadius: '6px',
          color: palette.buttonText,
          display: 'inline-block',
          fontSize: '16px',
          fontWeight: 600,
          padding: '12px 22px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Link>
    </Section>
  );
}

/** HTML made by the content renderer (already safe and styled inline, see email-content-html.ts). */
export function ContentHtml({ html }: { html: string }) {
  return <div style={{ color: palette.text }} dangerouslySetInnerHTML={{ __html: html }} />;
}

export type RenderedEmail = { html: string; text: string };

/** The HTML part and its plain-text twin (links kept as "text [url]"). */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  // Loaded with the first email, not at start.
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
