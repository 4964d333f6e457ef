import { Form, Input } from 'antd';

interface NoteFieldProps {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** The longest note the server takes for this field. */
  maxLength: number;
  autoFocus?: boolean;
  testId?: string;
}

/** The free-text note of an action dialog (a lend-out, a return, a movement, a departure): grows to five rows. */
export function NoteField({ label, value, onChange, maxLength, autoFocus, testId }: NoteFieldProps) {
  return (
    <Form.Item label={label}>
      <Input.TextArea
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        autoSize={{ minRows: 2, maxRows: 5 }}
        autoFocus={autoFocus}
        data-testid={testId}
      />
    </Form.Item>
  );
}
