import { useState } from 'react';
import { Input } from 'antd';
import { formatDecimalId, parseDecimalId } from '../decimal.ts';

interface Props {
  /** A decimal string ('1250000.5'), or null for none. */
  value?: string | null;
  /** The decimal string typed; text that is no id-ID number is passed on unchanged so a rule can refuse it. */
  onChange?: (value: string | null) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  prefix?: string;
  /** Money: a fraction is shown with at least two digits (1.500.000,50). */
  cents?: boolean;
}

/**
 * An amount typed and shown the id-ID way (1.250.000,50), kept as a decimal string, never a float. While focused
 * it shows what was typed; on leaving it shows the formatted value.
 */
export function MoneyInput({ value, onChange, prefix, cents = false, ...rest }: Props) {
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? (value ? formatDecimalId(value, cents) : '');
  return (
    <Input
      {...rest}
      inputMode="decimal"
      prefix={prefix}
      value={shown}
      className="master-money-input"
      onFocus={() => setTyping(shown)}
      onBlur={() => setTyping(null)}
      onChange={(e) => {
        const text = e.target.value;
        setTyping(text);
        onChange?.(text.trim() === '' ? null : (parseDecimalId(text) ?? text));
      }}
    />
  );
}
