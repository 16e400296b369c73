import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type ComponentType } from 'react';
import { directLinkPath } from '../../domain/analytics-paths.js';
import { buyButtonFor } from '../../domain/books.js';
import { EDITION_FORMAT_LABELS } from '../../domain/editions.js';
import { DIRECT_COPY_PROMISE } from '../../domain/sales.js';
import type { RouterOutputs } from '../trpc.js';
import { useHydrated } from '../ui/form-outcome.js';
import { directLabel, EDITIONS_ANCHOR, shopGroups, type ShopGroup } from './book-links.js';
import classes from './BuyMenu.module.css';

type Book = RouterOutputs['books']['list'][number];

export type ShopMenuProps = {
  label: string;
  groups: ShopGroup[];
  className: string | undefined;
  variant: 'filled' | 'outline';
  color: string | undefined;
  /** The press that loaded the menu opens it. */
  openOnMount: boolean;
  /** The book's signed tag: shop links go through the site's counting redirect (shopLinkPath). */
  shopTag: string | undefined;
  /** Editions the author sells direct: first in the menu, straight to the provider's checkout. */
  direct: DirectSale[];
};

type DirectSale = NonNullable<Book['directSales']>[number];

/**
 * Buy direct, first: a plain link to the author's checkout at the payment provider (a hosted page;
 * it works without script), with the format and what the reader gets in plain words.
 */
function DirectBuy({ sale, shopTag }: { sale: DirectSale; shopTag: string | undefined }) {
  // Through the site's own redirect, which counts the click beside the shops' (the Overview shows them side by side).
  const href = shopTag ? directLinkPath(shopTag, sale.format) : sale.checkoutUrl;
  return (
    <div className={classes.direct}>
      <Button component="a" href={href} rel="noopener" className={classes.buy} fullWidth>
        {directLabel(sale)}
      </Button>
      <p className={classes.directNote}>
        {EDITION_FORMAT_LABELS[sale.format]}: {DIRECT_COPY_PROMISE[sale.format]}.
      </p>
    </div>
  );
}

/** Mantine's Menu (and its positioning code) is kept out of the page's first load. */
const loadShopMenu = () => import('./ShopMenuDropdown.js').then((module) => module.ShopMenuDropdown);

/**
 * A button opening the shops, grouped by format. Until the script runs it is a link to the
 * book's editions, whose shop links work without it; then a real button, whose menu's code loads
 * on intent (pointer over it, focus) or at the latest when pressed (click, Enter, Space).
 */
function ShopMenu({
  label,
  groups,
  variant,
  slug,
  shopTag,
  direct,
}: Pick<ShopMenuProps, 'label' | 'groups' | 'variant' | 'shopTag' | 'direct'> & { slug: string }) {
  const hydrated = useHydrated();
  const [Menu, setMenu] = useState<ComponentType<ShopMenuProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const className = variant === 'filled' ? classes.buy : classes.secondary;
  const color = variant === 'filled' ? undefined : 'gray';
  if (!hydrated)
    return (
      <Button
        renderRoot={(props) => <Link {...props} to="/books/$slug" params={{ slug }} hash={EDITIONS_ANCHOR} />}
        className={className}
        variant={variant}
        color={color}
        fullWidth
      >
        {label}
      </Button>
    );
  if (Menu)
    return (
      <Menu
        label={label}
        groups={groups}
        className={className}
        variant={variant}
        color={color}
        openOnMount
        shopTag={shopTag}
        direct={direct}
      />
    );
  const open = () => {
    setLoading(true);
    void loadShopMenu().then(
      (component) => setMenu(() => component),
      () => setLoading(false),
    );
  };
  return (
    <Button
      className={className}
      variant={variant}
      color={color}
      fullWidth
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading || undefined}
      onPointerEnter={() => void loadShopMenu()}
      onFocus={() => void loadShopMenu()}
      onClick={open}
    >
      {label}
    </Button>
  );
}

/**
 * The buy control of a book, by its status: coming soon shows the price, disabled; published
 * opens a menu of shops (or the preorder form when there are none); preorder keeps the preorder
 * form, with the shops' preorder links in a menu beside it.
 */
export function BuyActions({ book }: { book: Book }) {
  const buy = buyButtonFor(book.status, book.price);
  const groups = shopGroups(book);
  const direct = book.status === 'published' ? (book.directSales ?? []) : [];
  if (buy.disabled)
    return (
      <Button disabled className={classes.buy} fullWidth>
        {buy.label}
      </Button>
    );
  const preorderForm = (
    <Button
      renderRoot={(props) => <Link {...props} to="/preorder" search={{ book: book.slug }} />}
      className={classes.buy}
      fullWidth
    >
      {buy.label}
    </Button>
  );
  // Sold direct: Buy direct first, the shops beside it.
  if (direct.length > 0)
    return (
      <>
        {direct.map((sale) => (
          <DirectBuy key={sale.id} sale={sale} shopTag={book.shopTag} />
        ))}
        {groups.length > 0 && (
          <ShopMenu
            label="Buy from a shop"
            groups={groups}
            variant="outline"
            slug={book.slug}
            shopTag={book.shopTag}
            direct={direct}
          />
        )}
      </>
    );
  // A published book is bought, never preordered: without shops, its button leads to the editions.
  if (book.status === 'published')
    return groups.length > 0 ? (
      <ShopMenu
        label={buy.label}
        groups={groups}
        variant="filled"
        slug={book.slug}
        shopTag={book.shopTag}
        direct={direct}
      />
    ) : (
      <Button
        renderRoot={(props) => (
          <Link {...props} to="/books/$slug" params={{ slug: book.slug }} hash={EDITIONS_ANCHOR} />
        )}
        className={classes.buy}
        fullWidth
      >
        {buy.label}
      </Button>
    );
  return (
    <>
      {preorderForm}
      {groups.length > 0 && (
        <ShopMenu
          label="Preorder from a shop"
          groups={groups}
          variant="outline"
          slug={book.slug}
          shopTag={book.shopTag}
          direct={direct}
        />
      )}
    </>
  );
}
