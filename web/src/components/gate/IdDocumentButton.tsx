import { IdcardOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Form, Modal, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EgovPerson, EgovStatusAnswer } from '@strazce/contract';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useIdDocumentReader } from './useIdDocumentReader';

/** The form fields a read document fills: the person's names, the document's type and number. */
export interface IdDocumentFields {
  firstName: string;
  lastName: string;
  documentType: string;
  documentNumber: string;
}

/**
 * 'Načíst doklad': reads the visitor's or driver's electronic identity document into the entry form around
 * it (the names, the document's number and the site's matching document type; the other fields stay as
 * typed). A dialog asks to place the document on the reader until it is read, with a cancel. Hidden when
 * the caller cannot read documents here (`/egov/status`).
 */
export function IdDocumentButton({ fields, disabled }: { fields: IdDocumentFields; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const { site } = useSession();
  const status = useQuery({
    queryKey: ['egov', 'status', site?.id ?? null],
    queryFn: () => api.get<EgovStatusAnswer>('/egov/status', { silent: true }),
    staleTime: 60_000,
  });
  const fill = (person: EgovPerson, documentType: number | null) => {
    form.setFieldsValue({
      [fields.firstName]: person.firstName,
      [fields.lastName]: person.lastName,
      [fields.documentNumber]: person.documentNumber,
      // The site's document type of the kind read; one the site does not list leaves what was chosen.
      ...(documentType !== null ? { [fields.documentType]: documentType } : {}),
    });
    message.success(t('egov.filled', { name: `${person.firstName} ${person.lastName}` }));
  };
  const { reading, start, cancel } = useIdDocumentReader(fill);

  if (!status.data?.available) return null;
  return (
    <>
      <Button
        icon={<IdcardOutlined />}
        onClick={() => void start()}
        disabled={disabled}
        data-testid="egov-read"
      >
        {t('egov.read')}
      </Button>
      <Modal
        open={reading.phase !== 'idle'}
        title={
          <Space>
            <IdcardOutlined />
            {t('egov.title')}
          </Space>
        }
        onCancel={cancel}
        maskClosable={false}
        destroyOnHidden
        width={420}
        footer={
          <Space>
            {reading.phase === 'error' && (
              <Button type="primary" onClick={() => void start()} data-testid="egov-retry">
                {t('crud.retry')}
              </Button>
            )}
            <Button onClick={cancel} data-testid="egov-cancel">
              {t(reading.phase === 'error' ? 'common.close' : 'common.cancel')}
            </Button>
          </Space>
        }
      >
        {reading.phase === 'error' ? (
          <Alert type="error" showIcon title={reading.text} data-testid="egov-error" />
        ) : (
          <Flex vertical align="center" gap="middle" style={{ padding: '16px 0' }} data-testid="egov-waiting">
            <Spin size="large" />
            <Typography.Text strong>{t('egov.waiting')}</Typography.Text>
            <Typography.Text type="secondary">{t('egov.hint')}</Typography.Text>
          </Flex>
        )}
      </Modal>
    </>
  );
}
