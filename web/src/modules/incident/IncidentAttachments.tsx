import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, List, Popconfirm, Progress, Typography, Upload } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { INCIDENT_ATTACHMENT_TYPES, type IncidentAttachment, type IncidentModule } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { upload } from '../../lib/upload';
import { useDownload } from '../../components/useDownload';
import { fileLimitMb } from '../../lib/siteProperties';

const PATH = '/incident/attachment';
const ACCEPT = INCIDENT_ATTACHMENT_TYPES.join(',');

const attachmentsKey = (module: IncidentModule, incident: number) =>
  ['incident/attachment', module, incident] as const;

function refusal(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'FILE_TYPE_REFUSED')
    return t('incident.attachments.refused');
  return apiErrorText(error as ApiError | NetworkError, t);
}

const kB = (size: number) => `${Math.max(1, Math.round(size / 1024))} kB`;

/**
 * The attachments of an incident (photos and PDF scans, through the files machinery): listed with who added
 * them, downloaded with the session; writers add (with progress) and remove them.
 */
export function IncidentAttachments({
  module,
  incident,
  canWrite,
}: {
  module: IncidentModule;
  incident: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = useSession();
  const queryClient = useQueryClient();
  const download = useDownload();
  const [progress, setProgress] = useState<number | null>(null);
  const limitMb = fileLimitMb(config ?? []);
  const key = attachmentsKey(module, incident);
  const attachments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<IncidentAttachment[]>(PATH, { query: { module, incident }, signal }),
  });

  const send = async (file: File) => {
    if (file.size > limitMb * 1024 * 1024) {
      message.error(t('incident.attachments.tooLarge', { limit: limitMb }));
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name || 'file');
    setProgress(0);
    try {
      await upload<IncidentAttachment>(PATH, body, {
        query: { module, incident },
        silent: true,
        onProgress: setProgress,
      });
      message.success(t('incident.attachments.added', { name: file.name }));
      await queryClient.invalidateQueries({ queryKey: key, exact: true });
    } catch (error) {
      message.error(refusal(error, t));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (attachment: IncidentAttachment) => {
    try {
      await api.delete(`${PATH}/${attachment.id}`, { silent: true, query: { module } });
      message.success(t('incident.attachments.removed'));
      await queryClient.invalidateQueries({ queryKey: key, exact: true });
    } catch (error) {
      message.error(refusal(error, t));
    }
  };

  return (
    <section style={{ marginTop: 16 }} data-testid="incident-attachments">
      <Typography.Title level={5}>
        <PaperClipOutlined /> {t('incident.attachments.title')}
      </Typography.Title>
      <List
        size="small"
        loading={attachments.isLoading}
        dataSource={attachments.data ?? []}
        locale={{ emptyText: t('incident.attachments.none') }}
        renderItem={(attachment) => (
          <List.Item
            actions={[
              <Button
                key="download"
                size="small"
                type="text"
                icon={<DownloadOutlined />}
                aria-label={t('incident.attachments.download')}
                title={t('incident.attachments.download')}
                onClick={() => void download(`${PATH}/${attachment.id}/data`, attachment.name, { module })}
              />,
              ...(canWrite
                ? [
                    <Popconfirm
                      key="remove"
                      title={t('incident.attachments.removeConfirm', { name: attachment.name })}
                      okText={t('incident.attachments.remove')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('crud.cancel')}
                      onConfirm={() => remove(attachment)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('incident.attachments.remove')}
                        title={t('incident.attachments.remove')}
                      />
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              title={attachment.name}
              description={`${kB(attachment.size)} · ${formatDateTime(attachment.createdAt)}${
                attachment.createdBy ? ` · ${attachment.createdBy.label}` : ''
              }`}
            />
          </List.Item>
        )}
      />
      {canWrite && (
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={progress !== null} data-testid="incident-attach">
            {t('incident.attachments.add', { limit: limitMb })}
          </Button>
        </Upload>
      )}
      {progress !== null && <Progress percent={progress} size="small" />}
    </section>
  );
}
