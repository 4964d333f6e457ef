import { useState, type ReactNode } from 'react';
import {
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { storedFile } from '@strazce/contract';
import { useSession } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { useDownload } from '../../components/useDownload';
import { FileUploadDialog } from './FileUploadDialog';
import { fileLimitMb } from '../../lib/siteProperties';
import { formatFileSize } from './fileSize';
import './system.css';

/** The file's kind for people: its extension (`PDF`, `CSV`), else the content type's subtype; the type on hover. */
function fileKind(name: string, type: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = type.split('/')[1] ?? type;
  return subtype === 'octet-stream' ? 'BIN' : subtype.split(/[.+;-]/)[0].toUpperCase();
}

const ICONS: [RegExp, ReactNode][] = [
  [/^image\//, <FileImageOutlined />],
  [/pdf$/, <FilePdfOutlined />],
  [/(spreadsheet|excel|csv)/, <FileExcelOutlined />],
  [/(word|opendocument\.text)/, <FileWordOutlined />],
  [/(zip|compressed|tar|gzip)/, <FileZipOutlined />],
  [/^text\/|json|xml/, <FileTextOutlined />],
];

function FileName({ name, type }: { name: string; type: string }) {
  const icon = ICONS.find(([pattern]) => pattern.test(type))?.[1] ?? <FileOutlined />;
  return (
    <span className="admin-file-name">
      <span className="admin-file-icon">{icon}</span>
      <Typography.Text strong>{name}</Typography.Text>
    </span>
  );
}

/**
 * /admin/files: stored files with their type, size, site and module; upload to the current site within the
 * site's size limit, download, rename or move to another module, delete.
 */
export default function FilesPage() {
  const { t, i18n } = useTranslation();
  const { config } = useSession();
  const download = useDownload();
  const [uploading, setUploading] = useState<null | (() => void)>(null);

  return (
    <>
      <CrudPage
        entity={storedFile}
        noCreate
        columns={['name', 'type', 'size', 'site', 'module', 'createdAt']}
        render={{
          name: (value, record) => <FileName name={String(value)} type={String(record.type)} />,
          type: (value, record) => (
            <Tooltip title={String(value)}>
              <Tag variant="filled" className="admin-file-type">
                {fileKind(String(record.name), String(value))}
              </Tag>
            </Tooltip>
          ),
          size: (value) => (
            <span className="crud-nowrap">{formatFileSize(Number(value), i18n.language)}</span>
          ),
        }}
        rowActions={[
          {
            key: 'download',
            label: t('entity.system_file.download'),
            icon: <DownloadOutlined />,
            onClick: (record) => void download(`/system_file/${record.id}/data`, String(record.name)),
          },
        ]}
        toolbar={(page) =>
          page.canWrite && (
            <>
              <Typography.Text type="secondary" className="admin-limit">
                {t('entity.system_file.limitShort', { limit: fileLimitMb(config) })}
              </Typography.Text>
              <Button
                type="primary"
                icon={<UploadOutlined />}
                onClick={() => setUploading(() => page.refresh)}
              >
                {t('entity.system_file.upload')}
              </Button>
            </>
          )
        }
      />
      {uploading && <FileUploadDialog onClose={() => setUploading(null)} onUploaded={uploading} />}
    </>
  );
}
