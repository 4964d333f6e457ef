import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './light.css';

export interface LightFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  /** An icon at the start of the input. */
  prefix?: ReactNode;
  /** The message under the field while its value is not valid. */
  error?: string | null;
  /** A hint under the field. */
  extra?: ReactNode;
  /** A password: hidden, with a control to show it. */
  password?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input in the look of Ant Design's large form field (light.css), for the login page, which
 * loads before Ant Design. The label names the input, the error and the hint describe it.
 */
export function LightField({
  label,
  prefix,
  error,
  extra,
  password = false,
  ref,
  id,
  ...input
}: LightFieldProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? ownId;
  const [shown, setShown] = useState(false);
  const described = [error ? `${inputId}-error` : null, extra ? `${inputId}-extra` : null].filter(Boolean);
  return (
    <div className={`light-field${error ? ' light-field-invalid' : ''}`}>
      <label className="light-field-label" htmlFor={inputId}>
        {label}
      </label>
      <span className="light-input">
        {prefix && <span className="light-input-prefix">{prefix}</span>}
        <input
          {...input}
          ref={ref}
          id={inputId}
          type={password && !shown ? 'password' : (input.type ?? 'text')}
          aria-invalid={error ? true : undefined}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        />
        {password && (
          <button
            type="button"
            className="light-input-suffix"
            aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((was) => !was)}
          >
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        )}
      </span>
      {error && (
        <div className="light-field-error" id={`${inputId}-error`}>
          {error}
        </div>
      )}
      {extra && (
        <div className="light-field-extra" id={`${inputId}-extra`}>
          {extra}
        </div>
      )}
    </div>
  );
}
