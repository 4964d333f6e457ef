import { useState } from 'react';
import { App, Button, Form, Card, Col, Descriptions, Flex, Row, Tag, Typography, Upload } from 'antd';
import { GuardedModal } from '../../components/GuardedModal';
import {
  CheckCircleFilled,
  DeleteOutlined,
  KeyOutlined,
  SafetyOutlined,
  UploadOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@strazce/contract';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { avatarQueryKey, displayName, UserAvatar } from '../../components/UserAvatar';
import { TwoFactorWizard } from '../tfa';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Image types the avatar accepts, and its largest size. */

/** The user's own profile: avatar photo, personal data, two-factor state, sites and roles. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { user, sites, site, roles, reload } = useSession();
  const [busy, setBusy] = useState(false);
  const [tfaOpen, setTfaOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordForm] = Form.useForm();
  if (!user) return null;

  const refreshAvatar = async () => {
    await reload();
    await queryClient.invalidateQueries({ queryKey: avatarQueryKey(user.id) });
  };

  const upload = async (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      message.error(t('profile.avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      message.error(t('profile.avatarSize', { size: AVATAR_MAX_BYTES / 1024 }));
      return;
    }
    setBusy(true);
    try {
      await api.put('/access_user/avatar', file);
      await refreshAvatar();
      message.success(t('profile.avatarSaved'));
    } catch {
      // The failure was already reported by the global error notification.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api.delete('/access_user/avatar');
      await refreshAvatar();
      message.success(t('profile.avatarRemoved'));
    } catch {
      // Reported by the global error notification.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={[24, 24]} data-testid="profile">
      <Col xs={24} lg={9} xl={8}>
        <Card>
          <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
            <UserAvatar user={user} size={120} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {displayName(user)}
              </Typography.Title>
              <Typography.Text type="secondary">{user.userName}</Typography.Text>
            </div>
            <Flex gap={8} wrap justify="center">
              <Upload
                accept={AVATAR_TYPES.join(',')}
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={busy} data-testid="avatar-upload">
                  {t(user.hasAvatar ? 'profile.avatarChange' : 'profile.avatarUpload')}
                </Button>
              </Upload>
              {user.hasAvatar && (
                <Button icon={<DeleteOutlined />} danger disabled={busy} onClick={() => void remove()}>
                  {t('profile.avatarRemove')}
                </Button>
              )}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('profile.avatarHint', { size: AVATAR_MAX_BYTES / 1024 })}
            </Typography.Text>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <Flex vertical gap={24}>
          <Card title={t('profile.personal')}>
            <Descriptions column={1} size="middle" styles={{ label: { width: 200 } }}>
              <Descriptions.Item label={t('profile.userName')}>{user.userName}</Descriptions.Item>
              <Descriptions.Item label={t('profile.name')}>
                {user.person ? displayName(user) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.email')}>{user.person?.email ?? '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('profile.security')}>
            <Flex align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
              <Flex align="center" gap={12}>
                <KeyOutlined style={{ fontSize: 22 }} />
                <div>
                  <Typography.Text strong>{t('passwordChange.title')}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary">{t('passwordChange.hint')}</Typography.Text>
                  </div>
                </div>
              </Flex>
              <Button
                icon={<KeyOutlined />}
                onClick={() => setPasswordOpen(true)}
                data-testid="password-open"
              >
                {t('passwordChange.open')}
              </Button>
            </Flex>
            <Flex align="center" justify="space-between" gap={16} wrap>
              <Flex align="center" gap={12}>
                {user.tfa ? (
                  <CheckCircleFilled style={{ color: '#16a34a', fontSize: 22 }} />
                ) : (
                  <WarningFilled style={{ color: '#d97706', fontSize: 22 }} />
                )}
                <div>
                  <Typography.Text strong>{t(user.tfa ? 'profile.tfaOn' : 'profile.tfaOff')}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary">{t('profile.tfaHint')}</Typography.Text>
                  </div>
                </div>
              </Flex>
              <Button icon={<SafetyOutlined />} onClick={() => setTfaOpen(true)}>
                {t('userMenu.twoFactor')}
              </Button>
            </Flex>
          </Card>
          <Card title={t('profile.sites')}>
            <Flex gap={8} wrap>
              {sites.map((entry) => (
                <Tag key={entry.id} color={entry.id === site?.id ? 'blue' : undefined}>
                  {entry.name}
                </Tag>
              ))}
            </Flex>
          </Card>
          <Card title={t('profile.roles')}>
            <Flex gap={8} wrap>
              {roles.map((role) => (
                <Tag key={role}>{t(`entity.roles.${role}`, { defaultValue: role })}</Tag>
              ))}
            </Flex>
          </Card>
        </Flex>
      </Col>
      <TwoFactorWizard open={tfaOpen} forced={false} onClose={() => setTfaOpen(false)} />
      <GuardedModal
        open={passwordOpen}
        title={t('passwordChange.title')}
        footer={null}
        isDirty={() => passwordForm.isFieldsTouched()}
        onClose={() => setPasswordOpen(false)}
      >
        <ChangePasswordForm
          form={passwordForm}
          onCancel={() => setPasswordOpen(false)}
          onDone={() => {
            setPasswordOpen(false);
            message.success(t('passwordChange.changed'));
          }}
        />
      </GuardedModal>
    </Row>
  );
}
