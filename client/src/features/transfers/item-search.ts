/**
 * The wizard's item search keeps what a person typed apart from what they chose. A searchable
 * select puts the chosen option's label into its search box; sent as the query, that label matches
 * no part, the options empty out and the choice is lost. So the query follows the typing only, and
 * the chosen part is kept as it was found, whatever the next search returns.
 */
import type { SourceItem } from '@contract/transfers.ts';

/** What the item select shows for a part of the source project. */
export const itemLabel = (item: SourceItem) => `${item.display} (${item.on_hand} on hand)`;

/**
 * The query after the search box changed to `text`: unchanged when the text is the label of an
 * option on offer or of the chosen part (the select wrote it there on a choice, on leaving the box,
 * or when a refetch relabelled the option), else the typed text.
 */
export function nextItemQuery(query: string, text: string, offered: readonly SourceItem[], chosen: SourceItem | null): string {
  const written = [...offered, ...(chosen ? [chosen] : [])].some((item) => itemLabel(item) === text);
  return written ? query : text;
}
