import { useEffect, useRef, useState } from 'react';
import {
  CameraOutlined,
  DeleteOutlined,
  EyeOutlined,
  PictureOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Empty,
  Image,
  Popconfirm,
  Progress,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { VEHICLE_PHOTO_PATH, VEHICLE_PHOTO_TYPES, type VehiclePhoto } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { upload } from '../../lib/upload';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime, formatShortDate, formatShortTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { fileLimitMb } from '../../lib/siteProperties';
import './vehiclePhotos.css';

/** The photos of a movement in the data cache (the list; each image's bytes under its photo). */
export const vehiclePhotosKey = (movement: number) => ['vehicle/photo', movement] as const;

/** What the camera and the file picker offer: the images the server keeps (it checks the content). */
const ACCEPT = VEHICLE_PHOTO_TYPES.join(',');

interface Sending {
  key: string;
  name: string;
  percent: number;
  /** The refusal, in the user's language; null while it goes. */
  error: string | null;
}

function refusal(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'FILE_TYPE_REFUSED') return t('vehicles.photos.notImage');
  return apiErrorText(error as ApiError | NetworkError, t);
}

/** One photo as a thumbnail that opens large (the image is fetched with the session, then shown from memory). */
function Thumbnail({
  photo,
  canWrite,
  onRemove,
}: {
  photo: VehiclePhoto;
  canWrite: boolean;
  onRemove(photo: VehiclePhoto): Promise<void>;
}) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['vehicle/photo', photo.movement, photo.id, 'data'],
    queryFn: ({ signal }) => api.blob(`${VEHICLE_PHOTO_PATH}/${photo.id}/data`, { signal, silent: true }),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return undefined;
    const next = URL.createObjectURL(image.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image.data]);
  const when = `${formatShortDate(photo.createdAt)} ${formatShortTime(photo.createdAt)}`;
  return (
    <figure className="vehicle-photo" data-testid="vehicle-photo">
      {url ? (
        <Image
          src={url}
          alt={t('vehicles.photos.alt', { name: photo.name })}
          width={112}
          height={112}
          className="vehicle-photo-image"
          preview={{
            cover: (
              <span className="vehicle-photo-cover">
                <EyeOutlined /> {t('vehicles.photos.open')}
              </span>
            ),
          }}
        />
      ) : image.isError ? (
        <div className="vehicle-photo-missing" role="img" aria-label={t('vehicles.photos.loadFailed')}>
          <PictureOutlined />
        </div>
      ) : (
        <Skeleton.Image active className="vehicle-photo-loading" />
      )}
      <figcaption className="vehicle-photo-caption">
        <div
          className="vehicle-photo-caption-text"
          title={[photo.name, formatDateTime(photo.createdAt), photo.createdBy?.label]
            .filter(Boolean)
            .join('\n')}
        >
          <Typography.Text type="secondary" ellipsis>
            {when}
          </Typography.Text>
          {photo.createdBy && (
            <Typography.Text type="secondary" ellipsis>
              {photo.createdBy.label}
            </Typography.Text>
          )}
        </div>
        {canWrite && (
          <Popconfirm
            title={t('vehicles.photos.removeConfirm')}
            okText={t('vehicles.photos.remove')}
            okButtonProps={{ danger: true, 'data-testid': 'vehicle-photo-remove-ok' } as never}
            cancelText={t('crud.cancel')}
            onConfirm={() => onRemove(photo)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('vehicles.photos.remove')}
              title={t('vehicles.photos.remove')}
              data-testid="vehicle-photo-remove"
            />
          </Popconfirm>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * The photos of a vehicle movement: thumbnails that open large (with the others to page through), and for
 * writers adding from a file or the device's camera (`capture`: the back camera of a phone or tablet; a file
 * picker elsewhere), with each upload's progress and refusal, and removing one.
 */
export function VehiclePhotos({ movement, canWrite }: { movement: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = useSession();
  const queryClient = useQueryClient();
  const camera = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const limitMb = fileLimitMb(config ?? []);
  const photos = useQuery({
    queryKey: vehiclePhotosKey(movement),
    queryFn: ({ signal }) => api.get<VehiclePhoto[]>(VEHICLE_PHOTO_PATH, { query: { movement }, signal }),
  });

  const update = (key: string, change: Partial<Sending>) =>
    setSending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = async (file: File) => {
    const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
    const item: Sending = { key, name: file.name, percent: 0, error: null };
    setSending((list) => [...list, item]);
    // What the server would refuse anyway, told before the bytes go.
    if (file.type && !file.type.startsWith('image/')) {
      update(key, { error: t('vehicles.photos.notImage') });
      return;
    }
    if (file.size > limitMb * 1024 * 1024) {
      update(key, { error: t('vehicles.photos.tooLarge', { limit: limitMb }) });
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name || 'photo.jpg');
    try {
      await upload<VehiclePhoto>(VEHICLE_PHOTO_PATH, body, {
        query: { movement },
        silent: true,
        onProgress: (percent) => update(key, { percent }),
      });
      setSending((list) => list.filter((entry) => entry.key !== key));
      message.success(t('vehicles.photos.added', { name: file.name }));
      await queryClient.invalidateQueries({ queryKey: vehiclePhotosKey(movement), exact: true });
    } catch (error) {
      update(key, { error: refusal(error, t) });
    }
  };

  const remove = async (photo: VehiclePhoto) => {
    try {
      await api.delete(`${VEHICLE_PHOTO_PATH}/${photo.id}`, { silent: true });
      message.success(t('vehicles.photos.removed'));
      await queryClient.invalidateQueries({ queryKey: vehiclePhotosKey(movement), exact: true });
    } catch (error) {
      message.error(refusal(error, t));
    }
  };

  const list = photos.data ?? [];
  return (
    <section className="vehicle-photos" data-testid="vehicle-photos" aria-label={t('vehicles.photos.title')}>
      <div className="vehicle-photos-head">
        <Typography.Title level={5}>
          {t('vehicles.photos.title')}
          {list.length > 0 && <span className="vehicle-photos-count"> ({list.length})</span>}
        </Typography.Title>
        {canWrite && (
          <Space wrap size={8}>
            <Button
              icon={<CameraOutlined />}
              onClick={() => camera.current?.click()}
              data-testid="vehicle-photo-camera"
            >
              {t('vehicles.photos.camera')}
            </Button>
            <Upload
              accept={ACCEPT}
              multiple
              showUploadList={false}
              beforeUpload={(file) => {
                void send(file);
                // Sent by `send` (with its progress), not by the component.
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="vehicle-photo-file">
                {t('vehicles.photos.fromFile')}
              </Button>
            </Upload>
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              data-testid="vehicle-photo-camera-input"
              onChange={(event) => {
                for (const file of Array.from(event.target.files ?? [])) void send(file);
                event.target.value = '';
              }}
            />
          </Space>
        )}
      </div>
      {canWrite && (
        <Typography.Text type="secondary" className="vehicle-photos-hint">
          {t('vehicles.photos.hint', { limit: limitMb })}
        </Typography.Text>
      )}

      {sending.map((item) => (
        <div key={item.key} className="vehicle-photos-sending" data-testid="vehicle-photo-sending">
          {item.error ? (
            <Alert
              type="error"
              showIcon
              closable={{ onClose: () => setSending((all) => all.filter((entry) => entry.key !== item.key)) }}
              title={t('vehicles.photos.failed', { name: item.name })}
              description={item.error}
            />
          ) : (
            <>
              <Typography.Text ellipsis className="vehicle-photos-sending-name">
                {t('vehicles.photos.uploading', { name: item.name })}
              </Typography.Text>
              <Progress percent={item.percent} size="small" status="active" />
            </>
          )}
        </div>
      ))}

      {photos.isError ? (
        <Alert
          type="error"
          showIcon
          title={apiErrorText(photos.error as ApiError | NetworkError, t)}
          action={
            <Button size="small" onClick={() => void photos.refetch()}>
              {t('crud.retry')}
            </Button>
          }
        />
      ) : photos.isLoading ? (
        <Skeleton.Image active />
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('vehicles.photos.empty')}
          className="vehicle-photos-empty"
        />
      ) : (
        <Image.PreviewGroup>
          <div className="vehicle-photos-grid">
            {list.map((photo) => (
              <Thumbnail key={photo.id} photo={photo} canWrite={canWrite} onRemove={remove} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </section>
  );
}
