import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Form, Segmented, Select, Typography, Upload } from 'antd';
import { GuardedModal } from '../../components/GuardedModal';
import { useTranslation } from 'react-i18next';
import { siteProperty, type ModuleCode } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { useAccess, useSession } from '../../lib/session';
import { useSystemOption } from '../../lib/systemOptions';
import { SystemOptionState } from './SystemOptionState';
import { fileLimitMb, setKnownProperty } from '../../lib/siteProperties';
import { formatFileSize, megabytes } from './fileSize';

interface FileUploadDialogProps {
  onClose(): void;
  /** Called after a successful upload. */
  onUploaded(): void;
}

/**
 * Uploads one file to the current site. Shows the site's size limit (FILE_MAX_SIZE_MB: 1, 10 or 100 MB),
 * which the administrator may change right here, and checks the size before sending.
 */
export function FileUploadDialog({ onClose, onUploaded }: FileUploadDialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { site, config, reload } = useSession();
  const { can } = useAccess();
  const limitMb = fileLimitMb(config);
  // The size options and the modules a file may belong to, as the server offers them.
  const options = useSystemOption('config');
  const modules = useSystemOption('modules');
  const [file, setFile] = useState<File | null>(null);
  const [module, setModule] = useState<ModuleCode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [changingLimit, setChangingLimit] = useState(false);
  const tooLarge = file !== null && file.size > megabytes(limitMb);

  const changeLimit = async (next: number) => {
    setChangingLimit(true);
    try {
      await setKnownProperty('FILE_MAX_SIZE_MB', next);
      await reload();
      message.success(t('entity.system_file.limitChanged', { limit: next }));
    } catch (error) {
      message.error(apiErrorText(error as ApiError | NetworkError, t));
    } finally {
      setChangingLimit(false);
    }
  };

  const upload = async () => {
    if (!file || tooLarge) return;
    setUploading(true);
    setProblem(null);
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      await api.post('/system_file', body, { query: { module }, silent: true });
      message.success(t('entity.system_file.uploaded', { name: file.name }));
      onUploaded();
      onClose();
    } catch (error) {
      setProblem(apiErrorText(error as ApiError | NetworkError, t));
    } finally {
      setUploading(false);
    }
  };

  return (
    <GuardedModal
      isDirty={() => file !== null}
      onClose={onClose}
      title={t('entity.system_file.uploadTitle')}
      okText={t('entity.system_file.uploadButton')}
      cancelText={t('crud.cancel')}
      onOk={() => void upload()}
      okButtonProps={{ disabled: !file || tooLarge, loading: uploading }}
      cancelButtonProps={{ disabled: uploading }}
      width={620}
    >
      <Form layout="vertical" className="admin-upload" component="div">
        <Form.Item
          label={t('entity.system_file.limit')}
          extra={t('entity.system_file.limitHint', { site: site?.name ?? '' })}
        >
          {options.isSuccess ? (
            <Segmented
              value={limitMb}
              disabled={changingLimit || uploading || !can(siteProperty.write)}
              onChange={(value) => void changeLimit(value)}
              options={options.data.fileSizeOptionsMb.map((mb) => ({ value: mb, label: `${mb} MB` }))}
              aria-label={t('entity.system_file.limit')}
            />
          ) : (
            <SystemOptionState query={options} />
          )}
        </Form.Item>
        <Form.Item label={t('entity.system_file.fields.module')}>
          {modules.isError ? (
            <SystemOptionState query={modules} />
          ) : (
            <Select<ModuleCode>
              allowClear
              loading={modules.isPending}
              value={module ?? undefined}
              onChange={(value) => setModule(value ?? null)}
              placeholder={t('entity.system_file.noModule')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(modules.data ?? []).map((code) => ({
                value: code,
                label: t(`entity.modules.${code}`, { defaultValue: code }),
              }))}
              aria-label={t('entity.system_file.fields.module')}
            />
          )}
        </Form.Item>
        <Upload.Dragger
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(picked) => {
            setFile(picked);
            setProblem(null);
            // Sent by the dialog's button, not by the component.
            return false;
          }}
          data-testid="file-upload-input"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          {file ? (
            <>
              <Typography.Text strong className="admin-upload-name">
                {file.name}
              </Typography.Text>
              <p className="ant-upload-hint">{formatFileSize(file.size, i18n.language)}</p>
            </>
          ) : (
            <>
              <p className="ant-upload-text">{t('entity.system_file.dropHere')}</p>
              <p className="ant-upload-hint">{t('entity.system_file.dropHint', { limit: limitMb })}</p>
            </>
          )}
        </Upload.Dragger>
        {tooLarge && (
          <Alert
            type="error"
            showIcon
            className="admin-upload-alert"
            title={t('entity.system_file.tooLarge', { limit: limitMb })}
          />
        )}
        {problem && <Alert type="error" showIcon className="admin-upload-alert" title={problem} />}
      </Form>
    </GuardedModal>
  );
}
