import { useNavigate } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { SEARCH_PATH } from '../../domain/search.js';
import { SearchIcon } from '../ui/icons.js';
import classes from './search.module.css';

type Props = {
  /** Where it sits: the desktop header, the mobile menu, or the search page itself. */
  variant: 'header' | 'menu' | 'page';
  /** The query shown in the field (the search page's own). */
  initialQuery?: string;
  /** Called as the search is submitted (the mobile menu closes). */
  onSearch?: () => void;
};

/**
 * A GET form to /search?q=: without JavaScript the browser submits it; with it, the router
 * navigates there without reloading the page.
 */
export function SearchForm({ variant, initialQuery = '', onSearch }: Props) {
  const navigate = useNavigate();
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const q = typeof value === 'string' ? value.trim() : '';
    onSearch?.();
    void navigate({ to: SEARCH_PATH, search: q ? { q } : {} });
  };

  return (
    <form
      role="search"
      aria-label={variant === 'page' ? 'Search again' : 'Site search'}
      action={SEARCH_PATH}
      method="get"
      onSubmit={submit}
      className={classes.form}
      data-variant={variant}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search books, excerpts and posts
      </label>
      <input
        id={inputId}
        className={classes.input}
        type="search"
        name="q"
        defaultValue={initialQuery}
        placeholder={variant === 'header' ? 'Search' : 'Search books, excerpts, posts'}
        autoComplete="off"
        enterKeyHint="search"
        spellCheck={false}
      />
      <button type="submit" className={classes.submit} aria-label="Search">
        <SearchIcon size={variant === 'page' ? 20 : 18} />
      </button>
    </form>
  );
}
