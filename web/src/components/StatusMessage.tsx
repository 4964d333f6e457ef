import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { WarningFilled } from '@ant-design/icons';

/**
 * A page-sized message with an icon, a title, a detail and actions (a list that could not be loaded, a page
 * that failed). Ant Design's Result would do, but it carries its large 403/404/500 illustrations into every
 * page that uses it.
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
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={token.marginMD}
      role="alert"
      style={{ minHeight, padding: token.paddingLG, textAlign: 'center' }}
    >
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>{title}</div>
      {detail && <div style={{ color: token.colorTextDescription }}>{detail}</div>}
      {extra}
    </Flex>
  );
}
