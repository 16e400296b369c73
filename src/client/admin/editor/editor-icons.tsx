import type { ReactNode } from 'react';
import { Svg as SiteSvg, type IconProps } from '../../ui/icons.js';

/** The toolbar's icons (decorative: the button around each carries its name): the site's icon frame, a little smaller and bolder. */
function Svg({ size = 18, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <SiteSvg size={size} strokeWidth={1.8} {...rest}>
      {children}
    </SiteSvg>
  );
}

export const BoldIcon = (props: IconProps) => (
  <Svg {...props} strokeWidth={2.4}>
    <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
  </Svg>
);

export const ItalicIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M11 5h7M6 19h7M14.5 5l-5 14" />
  </Svg>
);

export const HeadingIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 5v14M17 5v14M6 12h11" />
  </Svg>
);

export const LinkIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Svg>
);

export const QuoteIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 7v10M9 8h10M9 12h10M9 16h7" />
  </Svg>
);

export const BulletListIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <circle cx="5" cy="6" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="5" cy="12" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="5" cy="18" r="1.2" fill="currentColor" stroke="none" />
  </Svg>
);

export const NumberedListIcon = (props: IconProps) => (
  <Svg {...props} strokeWidth={1.6}>
    <path d="M11 6h9M11 12h9M11 18h9" />
    <path d="M4 4.5h1.5v4M4 8.5h3M4 14.5h2.6l-2.6 3.5h3" />
  </Svg>
);

export const SceneBreakIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 12h3M18 12h3" />
    <circle cx="9" cy="12" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="15" cy="12" r="1.2" fill="currentColor" stroke="none" />
  </Svg>
);

export const FootnoteIcon = (props: IconProps) => (
  <Svg {...props} strokeWidth={1.6}>
    <path d="M4 9h9M4 13h9M4 17h6" />
    <path d="M17 4.5h1.5v5M16.5 9.5h3.5" />
  </Svg>
);
