import type { ReactNode } from 'react';
import { WarningFilled } from '@ant-design/icons';

/**
 * A page-sized message with an icon, a title, a detail and actions (a list that could not be loaded, a page
 * that failed, the server out of reach at a restore). Drawn without Ant Design (global.css): it also shows
 * before Ant Design has loaded. Ant Design's Result would carry its large illustrations into every page.
 */
export function StatusMessage({
  title,
  detail,
  extra,
  minHeight = 320,
}: {
  title: ReactNode;
  detail?: ReactNode;
  extra?: ReactNode;
  minHeight?: number | string;
}) {
  return (
    <div className="status-message" role="alert" style={{ minHeight }}>
      <WarningFilled className="status-message-icon" />
      <div className="status-message-title">{title}</div>
      {detail && <div className="status-message-detail">{detail}</div>}
      {extra}
    </div>
  );
}
