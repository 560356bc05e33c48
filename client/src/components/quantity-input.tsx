/**
 * A quantity box that takes digits only (no sign, fraction or exponent such as "1e9"), as the
 * request forms' boxes do; its value stays the typed text, which the form's rules check.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';

type QuantityInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'allowDecimal' | 'allowNegative'> & {
  value: string;
  onChange: (value: string) => void;
};

export function QuantityInput({ value, onChange, ...props }: QuantityInputProps) {
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={(next) => onChange(String(next))}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      inputMode="numeric"
    />
  );
}
