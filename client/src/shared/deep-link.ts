/**
 * Addresses that open a screen on one thing: a part's row highlighted (`?part=`), a search already
 * typed (`?q=`), a transfer's panel (`?transfer=`), a request's drawer (`?request=`). A scan lands
 * on these; so can a shared link. The value lives in the address, so Back and a reload keep it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const LINK_PARAMS = {
  part: 'part',
  search: 'q',
  transfer: 'transfer',
  request: 'request',
} as const;

/** A parameter of the address, and a setter that replaces it (null removes it) without a new history entry. */
export function useLinkedParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}

/** The search a link asked for, to start a search box with. */
export function useLinkedSearch(): string {
  const [params] = useSearchParams();
  return params.get(LINK_PARAMS.search) ?? '';
}

/** A search box's text, started from the link's search and set again when a new link brings one. */
export function useSearchFromLink(): [string, (value: string) => void] {
  const linkedSearch = useLinkedSearch();
  const [search, setSearch] = useState(linkedSearch);
  useEffect(() => {
    if (linkedSearch) setSearch(linkedSearch);
  }, [linkedSearch]);
  return [search, setSearch];
}
