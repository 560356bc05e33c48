/**
 * The medium's numbers: a sheet's page, grid, label size, margins, gaps and corners, or a roll's
 * label size and resolution. Lengths show in the chosen unit; each box carries the schema's
 * message about it.
 */
import { Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type MediaUnit, THERMAL_DPIS } from '@contract/label-media.ts';
import { type Entry, type MediumDraft, type PageSize, type RollDraft, type SheetDraft, type SheetLength, withPage } from './medium-draft.ts';

interface MediumEditorProps {
  draft: MediumDraft;
  errors: Partial<Record<string, string>>;
  onChange: (draft: MediumDraft) => void;
  onUnit: (unit: MediaUnit) => void;
}

const SHEET_BOXES: { key: SheetLength; label: string }[] = [
  { key: 'label_width_mm', label: 'Label width' },
  { key: 'label_height_mm', label: 'Label height' },
  { key: 'corner_radius_mm', label: 'Corner radius' },
  { key: 'margin_top_mm', label: 'Top margin' },
  { key: 'margin_left_mm', label: 'Left margin' },
  { key: 'gap_x_mm', label: 'Horizontal gap' },
  { key: 'gap_y_mm', label: 'Vertical gap' },
];

const PAGE_OPTIONS = [
  { value: 'a4', label: 'A4 (210 × 297 mm)' },
  { value: 'letter', label: 'Letter (8.5 × 11 in)' },
  { value: 'custom', label: 'Custom size' },
];

function LengthBox({ label, unit, value, error, onChange }: { label: string; unit: MediaUnit; value: Entry; error?: string; onChange: (v: Entry) => void }) {
  return (
    <NumberInput
      label={`${label} (${unit})`}
      value={value}
      onChange={onChange}
      error={error}
      decimalScale={unit === 'in' ? 4 : 3}
      step={unit === 'in' ? 0.0625 : 0.5}
      hideControls
      size="xs"
    />
  );
}

function SheetEditor({ draft, errors, onChange }: { draft: SheetDraft; errors: MediumEditorProps['errors']; onChange: (d: SheetDraft) => void }) {
  const setLength = (key: SheetLength) => (value: Entry) => onChange({ ...draft, lengths: { ...draft.lengths, [key]: value } });
  const box = (key: SheetLength, label: string) => (
    <LengthBox key={key} label={label} unit={draft.unit} value={draft.lengths[key]} error={errors[key]} onChange={setLength(key)} />
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" verticalSpacing="xs">
        <Select
          label="Page size"
          size="xs"
          data={PAGE_OPTIONS}
          value={draft.page}
          allowDeselect={false}
          onChange={(value) => value && onChange(withPage(draft, value as PageSize))}
          error={draft.page === 'custom' ? undefined : (errors.page_width_mm ?? errors.page_height_mm)}
        />
        <NumberInput
          label="Rows"
          size="xs"
          value={draft.rows}
          allowDecimal={false}
          min={1}
          error={errors.rows}
          onChange={(rows) => onChange({ ...draft, rows })}
        />
        <NumberInput
          label="Columns"
          size="xs"
          value={draft.columns}
          allowDecimal={false}
          min={1}
          error={errors.columns}
          onChange={(columns) => onChange({ ...draft, columns })}
        />
        {draft.page === 'custom' && box('page_width_mm', 'Page width')}
        {draft.page === 'custom' && box('page_height_mm', 'Page height')}
        {SHEET_BOXES.map(({ key, label }) => box(key, label))}
      </SimpleGrid>
    </Stack>
  );
}

function RollEditor({ draft, errors, onChange }: { draft: RollDraft; errors: MediumEditorProps['errors']; onChange: (d: RollDraft) => void }) {
  const setLength = (key: keyof RollDraft['lengths']) => (value: Entry) => onChange({ ...draft, lengths: { ...draft.lengths, [key]: value } });
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
      <LengthBox
        label="Label width"
        unit={draft.unit}
        value={draft.lengths.label_width_mm}
        error={errors.label_width_mm}
        onChange={setLength('label_width_mm')}
      />
      <LengthBox
        label="Label height"
        unit={draft.unit}
        value={draft.lengths.label_height_mm}
        error={errors.label_height_mm}
        onChange={setLength('label_height_mm')}
      />
      <Select
        label="Printer resolution"
        size="xs"
        data={THERMAL_DPIS.map((dpi) => ({ value: String(dpi), label: `${dpi} dpi` }))}
        value={String(draft.dpi)}
        allowDeselect={false}
        error={errors.dpi}
        onChange={(value) => {
          const dpi = THERMAL_DPIS.find((d) => String(d) === value);
          if (dpi) onChange({ ...draft, dpi });
        }}
      />
    </SimpleGrid>
  );
}

export function MediumEditor({ draft, errors, onChange, onUnit }: MediumEditorProps) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Sizes in
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Unit"
          value={draft.unit}
          onChange={(value) => onUnit(value as MediaUnit)}
          data={[
            { value: 'mm', label: 'Millimetres' },
            { value: 'in', label: 'Inches' },
          ]}
        />
      </Group>
      {draft.kind === 'sheet' ? (
        <SheetEditor draft={draft} errors={errors} onChange={onChange} />
      ) : (
        <RollEditor draft={draft} errors={errors} onChange={onChange} />
      )}
    </Stack>
  );
}
