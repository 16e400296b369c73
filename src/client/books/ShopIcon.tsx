import { shopForUrl, type ShopId } from '../../domain/retailers.js';

/** Each known shop's mark: its initials on its own colour (no outside logo is loaded). */
const SHOP_MARKS: Record<ShopId, { text: string; background: string; color: string }> = {
  amazon: { text: 'a', background: '#ff9900', color: '#111111' },
  'apple-books': { text: 'AB', background: '#f2f2f2', color: '#1a1a1a' },
  'barnes-noble': { text: 'BN', background: '#2a5c45', color: '#ffffff' },
  bookshop: { text: 'B', background: '#4c32c0', color: '#ffffff' },
  kobo: { text: 'K', background: '#bf0000', color: '#ffffff' },
  waterstones: { text: 'W', background: '#1b1b1b', color: '#ffffff' },
  audible: { text: 'A', background: '#f8991c', color: '#111111' },
  'google-play': { text: 'G', background: '#01875f', color: '#ffffff' },
};

/** Decorative (the link names the shop): a known shop's mark, or a generic shop bag. */
export function ShopIcon({ url, size = 22 }: { url: string; size?: number }) {
  const shop = shopForUrl(url);
  const mark = shop ? SHOP_MARKS[shop.id] : null;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {mark ? (
        <>
          <rect width="24" height="24" rx="5" fill={mark.background} />
          <text
            x="12"
            y="16.5"
            textAnchor="middle"
            fontFamily="Georgia, serif"
            fontWeight="700"
            fontSize={mark.text.length > 1 ? 10 : 14}
            fill={mark.color}
          >
            {mark.text}
          </text>
        </>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 8h14l-1 12H6L5 8Z" />
          <path d="M9 8V6a3 3 0 0 1 6 0v2" />
        </g>
      )}
    </svg>
  );
}
