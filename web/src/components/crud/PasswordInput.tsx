import { Input } from 'antd';
import { PasswordRules } from '../PasswordRules';

interface PasswordInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

/** A new password with live feedback on each rule of spec section 5 once the user starts typing. */
export function PasswordInput({ id, value, onChange, placeholder, disabled }: PasswordInputProps) {
  const text = value ?? '';
  return (
    <div>
      <Input.Password
        id={id}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="new-password"
        onChange={(event) => onChange?.(event.target.value)}
      />
      {text !== '' && (
        <div className="crud-password-rules">
          <PasswordRules password={text} />
        </div>
      )}
    </div>
  );
}
