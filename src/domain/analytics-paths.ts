/** Where the page's beacon reports client-side navigations (POST, the path as text/plain). */
export const NAVIGATION_BEACON_PATH = '/api/analytics/navigation';

/**
 * A Buy-menu shop link's same-site redirect: the book's signed tag (made by the server with the
 * book data) and the link's place among the book's links (its own, then each edition's).
 */
export const shopLinkPath = (shopTag: string, index: number): string => `/r/s${shopTag}.${index}`;

/**
 * Buy direct's same-site redirect: the book's signed tag and the format sold direct. It counts the click (as the
 * shop `directShopName(format)`) and sends the reader on to the checkout the author stored for that edition.
 */
export const directLinkPath = (shopTag: string, format: string): string => `/r/d${shopTag}.${format}`;

/** How a Buy direct click is named among the shop clicks, e.g. "Buy direct (Ebook)". */
const DIRECT_SHOP_PREFIX = 'Buy direct';
export const directShopName = (formatLabel: string): string => `${DIRECT_SHOP_PREFIX} (${formatLabel})`;
export const isDirectShop = (shop: string): boolean => shop.startsWith(`${DIRECT_SHOP_PREFIX} (`);
