import { ColorPicker } from 'antd';

export interface ColorInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}

/** A colour as `#rrggbb` (or none). Its own chunk: few entities have a colour (FieldInput loads it lazily). */
export default function ColorInput({ id, value, onChange, disabled }: ColorInputProps) {
  return (
    <span id={id}>
      <ColorPicker
        value={value || undefined}
        disabled={disabled}
        disabledAlpha
        showText
        allowClear
        format="hex"
        onChange={(color) => onChange?.(color.toHexString())}
        onClear={() => onChange?.(null)}
      />
    </span>
  );
}
