import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './light.css';

export interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The look, as Ant Design's button types: filled, outlined, a link, or bare text. */
  variant?: 'primary' | 'default' | 'link' | 'text';
  size?: 'small' | 'middle' | 'large';
  /** The whole width of its container. */
  block?: boolean;
  /** Busy: a spinner in place of the icon, and no second click. */
  loading?: boolean;
  icon?: ReactNode;
  htmlType?: 'button' | 'submit';
}

/**
 * A button in Ant Design's look, for the screens that load before Ant Design does (light.css): the login page,
 * the loading, error and 'new version' states.
 */
export function LightButton({
  variant = 'default',
  size = 'middle',
  block = false,
  loading = false,
  icon,
  htmlType = 'button',
  className,
  children,
  disabled,
  ...rest
}: LightButtonProps) {
  const classes = ['light-btn', `light-btn-${variant}`, `light-btn-${size}`];
  if (block) classes.push('light-btn-block');
  if (loading) classes.push('light-btn-loading');
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes.join(' ')}
      disabled={disabled}
      aria-busy={loading || undefined}
      // A busy button ignores clicks but keeps its focus (a disabled one would lose it).
      onClick={loading ? (event) => event.preventDefault() : rest.onClick}
    >
      {loading ? <Spinner size="small" inherit /> : icon && <span className="light-btn-icon">{icon}</span>}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}
