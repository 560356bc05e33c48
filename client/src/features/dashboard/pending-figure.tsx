/**
 * A figure that includes actions waiting on this device: the confirmed figure stays readable beside
 * the one the actions would produce, which is set apart (italic, violet, dashed) as not yet confirmed.
 */
import { Badge, Stack, Text } from '@mantine/core';
import { FIGURE_LABELS, type Figure } from '../../api/material-types.ts';
import { PENDING_BADGE } from '../../offline/saved-notice.ts';

interface PendingFigureProps {
  figure: Figure;
  partNumber: string;
  /** The server's figure; null for a part first received on this device. */
  confirmed: number | null;
  value: number;
  /** On a phone the two figures stack, so a narrow column still shows both. */
  stacked: boolean;
}

export function PendingFigure({ figure, partNumber, confirmed, value, stacked }: PendingFigureProps) {
  const label = `${FIGURE_LABELS[figure]} of ${partNumber}: ${confirmed === null ? 'none confirmed' : `${confirmed} confirmed`}, ${value} once the actions not yet sent are applied`;
  const forecast = (
    <Text span fz="sm" fw={700} fs="italic" c={`${PENDING_COLOR}.9`} style={{ textDecoration: 'underline dashed', textUnderlineOffset: 3 }}>
      {value}
    </Text>
  );
  const known = confirmed === null ? '—' : String(confirmed);
  if (stacked) {
    return (
      <Stack gap={0} align="flex-end" aria-label={label} data-figure={figure} data-pending="true">
        <Text span fz="xs" c="dimmed" lh={1.2}>
          {known} →
        </Text>
        {forecast}
      </Stack>
    );
  }
  return (
    <Text span fz="sm" aria-label={label} data-figure={figure} data-pending="true" style={{ whiteSpace: 'nowrap' }}>
      <Text span fz="sm" fw={600}>
        {known}
      </Text>
      <Text span fz="sm" c="dimmed">
        {' → '}
      </Text>
      {forecast}
    </Text>
  );
}

/** The colour of what is not yet confirmed: apart from the stock levels' red and yellow. */
export const PENDING_COLOR = 'violet';

/** The badge beside a part with actions not yet sent; its title lists them. */
export function PendingBadge({ title }: { title: string }) {
  return (
    <Badge size="xs" color={PENDING_COLOR} variant="outline" tt="none" title={title} aria-label={title} style={{ flexShrink: 0, cursor: 'help' }}>
      {PENDING_BADGE}
    </Badge>
  );
}

/** On a phone the part number keeps its whole width: the mark goes before the name below it. */
export function PendingSub({ label }: { label: string }) {
  return (
    <>
      <Text span fz="xs" fs="italic" fw={600} c={`${PENDING_COLOR}.9`}>
        {PENDING_BADGE}
      </Text>
      {` · ${label}`}
    </>
  );
}
