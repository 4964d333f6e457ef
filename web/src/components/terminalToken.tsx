import type { ReactNode } from 'react';
import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import { App, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../lib/api';
import { apiErrorText } from '../lib/apiErrors';
import { CrudDialog } from './crud/CrudDialog';
import type { Row } from './crud/fieldWire';
import { entityOne } from './crud/labels';
import type { CrudDialogContext, RowAction } from './crud/types';

/**
 * The token of a terminal (a client on /admin/clients: an ANPR camera or a browser; a patrol terminal, a
 * keybox; docs/terminals.md): shown once, as text and as a QR code, after its record is created (the
 * `dialog`'s create) or by the row action asking for a new one (the old one stops working); the revoke action
 * makes the terminal unauthorized (its next call is refused).
 */
export function useTerminalToken(
  entity: Entity,
  texts: { title: (record: Row) => string; hint: string; testId: string },
): {
  newTokenAction: RowAction;
  /** Revokes the token (`POST /api/<resource>/:id/revoke`); hidden on a client already unauthorized. */
  revokeAction: RowAction;
  /** The page's dialog (`CrudPageProps.dialog`): the generic one, whose create shows the token. */
  dialog: (context: CrudDialogContext) => ReactNode;
} {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();

  const showToken = (record: Row) => {
    if (typeof record.token !== 'string') return;
    modal.info({
      title: texts.title(record),
      width: 560,
      okText: t('crud.close'),
      content: (
        <>
          <Typography.Paragraph>{t('patrolSetup.tokenShownOnce')}</Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: record.token }}
            code
            style={{ wordBreak: 'break-all' }}
            data-testid={texts.testId}
          >
            {record.token}
          </Typography.Paragraph>
          <Flex vertical align="center" gap={8}>
            <QRCode value={record.token} size={220} data-testid={`${texts.testId}-qr`} />
            <Typography.Paragraph type="secondary">{texts.hint}</Typography.Paragraph>
          </Flex>
        </>
      ),
    });
  };

  const newTokenAction: RowAction = {
    key: 'token',
    label: t('patrolSetup.newToken'),
    icon: <KeyOutlined />,
    testId: `${texts.testId}-new`,
    visible: (_record, page) => page.canWrite,
    onClick: (record, page) =>
      modal.confirm({
        title: t('patrolSetup.newToken'),
        content: t('patrolSetup.newTokenConfirm'),
        okText: t('patrolSetup.newToken'),
        cancelText: t('crud.cancel'),
        onOk: async () => {
          try {
            showToken(await api.post<Row>(`/${entity.resource}/${record.id}/token`, {}, { silent: true }));
          } catch (error) {
            message.error(apiErrorText(error as ApiError | NetworkError, t));
          }
          page.refresh();
        },
      }),
  };
  const revokeAction: RowAction = {
    key: 'revoke',
    label: t('terminalToken.revoke'),
    icon: <StopOutlined />,
    danger: true,
    testId: `${texts.testId}-revoke`,
    visible: (record, page) => page.canWrite && record.authorized !== false,
    onClick: (record, page) =>
      modal.confirm({
        title: t('terminalToken.revoke'),
        content: t('terminalToken.revokeConfirm'),
        okText: t('terminalToken.revoke'),
        okButtonProps: { danger: true },
        cancelText: t('crud.cancel'),
        onOk: async () => {
          try {
            await api.post<Row>(`/${entity.resource}/${record.id}/revoke`, {}, { silent: true });
            message.success(t('terminalToken.revoked'));
          } catch (error) {
            message.error(apiErrorText(error as ApiError | NetworkError, t));
          }
          page.refresh();
        },
      }),
  };
  const dialog = (context: CrudDialogContext) => (
    <CrudDialog
      entity={entity}
      mode={context.mode}
      record={context.record}
      canWrite={context.canWrite}
      onClose={context.onClose}
      onSwitch={context.onSwitch}
      action={
        context.mode === 'create' || context.mode === 'clone'
          ? {
              path: `/${entity.resource}`,
              title: t('crud.dialog.create', { entity: entityOne(t, entity) }),
              submitText: t('crud.createButton'),
              successText: t('crud.created'),
              onDone: showToken,
            }
          : undefined
      }
    />
  );
  return { newTokenAction, revokeAction, dialog };
}
