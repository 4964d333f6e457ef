import type { HTMLAttributes, ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import './light.css';

const ICONS = {
  info: <InfoCircleFilled />,
  success: <CheckCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

export interface LightAlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type: keyof typeof ICONS;
  title: ReactNode;
  description?: ReactNode;
  /** A control at the end (a button). */
  action?: ReactNode;
}

/**
 * A message box in the look of Ant Design's Alert with its icon (light.css), for the screens that load before
 * Ant Design. An error is announced at once (`role="alert"`), anything else politely (`role="status"`).
 */
export function LightAlert({ type, title, description, action, className, ...rest }: LightAlertProps) {
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      {...rest}
      className={`light-alert light-alert-${type}${description ? ' light-alert-with-description' : ''}${className ? ` ${className}` : ''}`}
    >
      <span className="light-alert-icon">{ICONS[type]}</span>
      <div className="light-alert-content">
        <div className="light-alert-title">{title}</div>
        {description && <div className="light-alert-description">{description}</div>}
      </div>
      {action && <div className="light-alert-action">{action}</div>}
    </div>
  );
}
