import { KeyOutlined } from '@ant-design/icons';
import { App, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { patrolTerminal } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';
import { CrudDialog } from '../../components/crud/CrudDialog';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { entityOne } from '../../components/crud/labels';
import './patrol.css';

/**
 * /patrol/terminals: the devices guards carry. Creating one (or asking for a new token) shows the terminal's
 * token once, as text and as a QR code for the terminal app (/terminal/patrol) to scan; only its hash is kept.
 */
export default function TerminalsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();

  const showToken = (record: Row) => {
    if (typeof record.token !== 'string') return;
    modal.info({
      title: t('patrolSetup.tokenTitle', { name: String(record.name) }),
      width: 560,
      okText: t('crud.close'),
      content: (
        <>
          <Typography.Paragraph>{t('patrolSetup.tokenShownOnce')}</Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: record.token }}
            code
            className="patrol-token"
            data-testid="patrol-token"
          >
            {record.token}
          </Typography.Paragraph>
          <Flex vertical align="center" gap={8}>
            <QRCode value={record.token} size={220} data-testid="patrol-token-qr" />
            <Typography.Paragraph type="secondary">{t('patrolTerminal.setup.qrHint')}</Typography.Paragraph>
          </Flex>
        </>
      ),
    });
  };

  return (
    <CrudPage
      entity={patrolTerminal}
      rowActions={[
        {
          key: 'token',
          label: t('patrolSetup.newToken'),
          icon: <KeyOutlined />,
          visible: (_record, page) => page.canWrite,
          onClick: (record, page) =>
            modal.confirm({
              title: t('patrolSetup.newToken'),
              content: t('patrolSetup.newTokenConfirm'),
              okText: t('patrolSetup.newToken'),
              cancelText: t('crud.cancel'),
              onOk: async () => {
                try {
                  showToken(await api.post<Row>(`/patrol/terminal/${record.id}/token`, {}, { silent: true }));
                } catch (error) {
                  message.error(apiErrorText(error as ApiError | NetworkError, t));
                }
                page.refresh();
              },
            }),
        },
      ]}
      dialog={(context) => (
        <CrudDialog
          entity={patrolTerminal}
          mode={context.mode}
          record={context.record}
          canWrite={context.canWrite}
          onClose={context.onClose}
          onSwitch={context.onSwitch}
          action={
            context.mode === 'create' || context.mode === 'clone'
              ? {
                  path: `/${patrolTerminal.resource}`,
                  title: t('crud.dialog.create', { entity: entityOne(t, patrolTerminal) }),
                  submitText: t('crud.createButton'),
                  successText: t('crud.created'),
                  onDone: showToken,
                }
              : undefined
          }
        />
      )}
    />
  );
}
