/**
 * A stock figure that can be clicked to see the movements behind it (issue: "explain every
 * number"), so nobody has to trust a number they cannot trace.
 */
import { UnstyledButton } from '@mantine/core';
import { FIGURE_LABELS, type Figure } from '../../api/material-types.ts';

interface FigureLinkProps {
  figure: Figure;
  value: number;
  partNumber: string;
  onExplain: (figure: Figure) => void;
  color?: string;
  size?: string;
}

export function FigureLink({ figure, value, partNumber, onExplain, color, size = 'sm' }: FigureLinkProps) {
  return (
    <UnstyledButton
      onClick={() => onExplain(figure)}
      aria-label={`${FIGURE_LABELS[figure]} of ${partNumber}: ${value}`}
      title="Show the movements behind this number"
      fz={size}
      fw={600}
      c={color}
      style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
    >
      {value}
    </UnstyledButton>
  );
}
