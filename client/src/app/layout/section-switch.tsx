/** Inventory Manager / Label Manager switch, and the Materials / Assets toggle of the inventory section. */
import { SegmentedControl, Stack } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { dashboardModeSet, sectionSet } from '../../shared/session/session-slice.ts';
import { selectDashboardMode, selectSection } from '../../shared/session/session-selectors.ts';
import type { DashboardMode, Section } from '../../shared/session/session-types.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { sectionSwitchTarget } from './nav-model.ts';

const SECTIONS: { value: Section; label: string }[] = [
  { value: 'inventory', label: 'Inventory Manager' },
  { value: 'labels', label: 'Label Manager' },
];

const MODES: { value: DashboardMode; label: string }[] = [
  { value: 'materials', label: 'Materials' },
  { value: 'assets', label: 'Assets' },
];

export function SectionSwitch() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const section = useAppSelector(selectSection);
  const mode = useAppSelector(selectDashboardMode);

  const changeSection = (value: string) => {
    const next = value as Section;
    dispatch(sectionSet(next));
    const target = sectionSwitchTarget(pathname, next);
    if (target) navigate(target);
  };

  return (
    <Stack gap="xs">
      <SegmentedControl fullWidth size="xs" aria-label="Section" data={SECTIONS} value={section} onChange={changeSection} />
      {section === 'inventory' && (
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="Inventory mode"
          data={MODES}
          value={mode}
          onChange={(value) => dispatch(dashboardModeSet(value as DashboardMode))}
        />
      )}
    </Stack>
  );
}
