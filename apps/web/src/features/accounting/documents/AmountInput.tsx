import { Input } from 'antd';

/** An amount typed with a point or a comma for decimals (id-ID habit), kept as a decimal string. */
export function AmountInput({ value, onChange, disabled, label }: { value: string; onChange: (v: string) => void; disabled: boolean; label: string }) {
  const valid = value === '' || /^\d{1,16}([.,]\d{1,4})?$/.test(value.trim());
  return (
    <Input
      value={value}
      inputMode="decimal"
      disabled={disabled}
      aria-label={label}
      status={valid ? undefined : 'error'}
      className="num"
      onChange={(e) => onChange(e.target.value.replace(',', '.').replace(/[^\d.]/g, ''))}
    />
  );
}
