/**
 * A stock figure that can be clicked to see the movements behind it, so nobody has to trust a number
 * they cannot trace. The movements are the log's rows, so only those who may read the logs (project
 * admins and managers, superadmins) get the link; everyone else sees the number.
 */
import { Text, UnstyledButton } from '@mantine/core';
import { FIGURE_LABELS, type Figure } from '../../api/material-types.ts';
import { useAsOfTitle } from '../../offline/as-of-note.tsx';

interface FigureLinkProps {
  figure: Figure;
  value: number;
  partNumber: string;
  /** Absent for those who may not read the movements. */
  onExplain?: (figure: Figure) => void;
  color?: string;
  size?: string;
}

export function FigureLink({ figure, value, partNumber, onExplain, color, size = 'sm' }: FigureLinkProps) {
  // Shown from the device's copy: every figure says as of when.
  const asOf = useAsOfTitle();
  if (!onExplain) {
    return (
      <Text span fz={size} fw={600} c={color} data-figure={figure} title={asOf}>
        {value}
      </Text>
    );
  }
  return (
    <UnstyledButton
      onClick={() => onExplain(figure)}
      data-figure={figure}
      aria-label={`${FIGURE_LABELS[figure]} of ${partNumber}: ${value}`}
      title={asOf ? `Show the movements behind this number (${asOf})` : 'Show the movements behind this number'}
      fz={size}
      fw={600}
      c={color}
      style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
    >
      {value}
    </UnstyledButton>
  );
}
