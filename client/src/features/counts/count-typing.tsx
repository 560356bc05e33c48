/**
 * Counting by typing: a line number (from the list or a printed sheet) or a part number or serial,
 * and the quantity found. What no line of the plan names is sent as found where it was counted.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CounterLine } from '@contract/counts.ts';
import { entryBody, findLine, lineLabel } from './count-lines.ts';

export const COUNT_TYPING_MESSAGES = {
  what: 'Enter a line number or a part number.',
  quantity: 'Enter the quantity counted: a whole number, 0 or more.',
} as const;

interface CountTypingProps {
  lines: readonly CounterLine[];
  /** A line picked in the list, to count next. */
  picked: string;
  onPickedChange: (value: string) => void;
  onCount: (entry: { body: ReturnType<typeof entryBody>; label: string }) => void;
  disabled?: boolean;
}

export function CountTyping({ lines, picked, onPickedChange, onCount, disabled }: CountTypingProps) {
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const line = picked.trim() ? findLine(lines, picked) : null;

  const submit = () => {
    const what = picked.trim();
    const counted = Number(quantity);
    const wrong = !what
      ? COUNT_TYPING_MESSAGES.what
      : quantity.trim() === '' || !Number.isInteger(counted) || counted < 0
        ? COUNT_TYPING_MESSAGES.quantity
        : null;
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProblem(null);
    onCount({ body: entryBody(line, what, counted, new Date().toISOString(), null), label: `${line ? lineLabel(line) : what}: ${counted}` });
    onPickedChange('');
    setQuantity('');
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label="Type a count"
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Line or part number"
          value={picked}
          onChange={(e) => onPickedChange(e.currentTarget.value)}
          autoComplete="off"
          disabled={disabled}
          style={{ flex: 2, minWidth: 0 }}
        />
        <TextInput
          label="Quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value)}
          autoComplete="off"
          disabled={disabled}
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ?? (line ? lineLabel(line) : picked.trim() ? 'Not on the list: it will be counted as found.' : 'Type a line number, or pick a line below.')}
      </Text>
      <Button type="submit" disabled={disabled}>
        Add count
      </Button>
    </Stack>
  );
}
