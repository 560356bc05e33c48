/**
 * The label database's search (spec 02 §4.5, §8): the text is debounced 250 ms; a new search
 * aborts the one in flight, whose answer is then ignored; a failed search empties the list
 * without a message.
 */
import { useEffect, useRef } from 'react';
import type { Label } from '@contract/labels.ts';
import { type LabelSearchArgs, useLazySearchLabelsQuery } from '../../api/labels-api.ts';

export interface LabelSearchResult {
  items: Label[];
  total: number;
  capped: boolean;
  loading: boolean;
}

export function useLabelSearch(args: LabelSearchArgs | null): LabelSearchResult {
  const [trigger, result] = useLazySearchLabelsQuery();
  const inFlight = useRef<{ abort: () => void } | null>(null);
  const key = args ? JSON.stringify(args) : null;

  useEffect(() => {
    if (!key) return;
    inFlight.current?.abort();
    const request = trigger(JSON.parse(key) as LabelSearchArgs);
    inFlight.current = request;
    request.then(
      () => {
        if (inFlight.current === request) inFlight.current = null;
      },
      () => undefined,
    );
  }, [key, trigger]);

  useEffect(() => () => inFlight.current?.abort(), []);

  if (!args) return { items: [], total: 0, capped: false, loading: false };
  const current = result.originalArgs && JSON.stringify(result.originalArgs) === key;
  if (result.isError || !result.data) return { items: [], total: 0, capped: false, loading: result.isFetching };
  return {
    items: result.data.items,
    total: result.data.total,
    capped: result.data.total_capped,
    loading: result.isFetching || !current,
  };
}
