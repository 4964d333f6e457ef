import { Dropdown, Flex, Typography } from 'antd';
import { LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayName, UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../../lib/session';

/** The user's avatar and name (the avatar alone when `compact`), with profile, two-factor setup and logout. */
export function UserMenu({
  onTwoFactorSetup,
  compact = false,
}: {
  onTwoFactorSetup: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, logout } = useSession();
  if (!user) return null;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('userMenu.profile') },
          { key: 'tfa', icon: <SafetyOutlined />, label: t('userMenu.twoFactor') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/profile');
          else if (key === 'tfa') onTwoFactorSetup();
          else if (key === 'logout') void logout();
        },
      }}
    >
      <Flex
        component="button"
        align="center"
        gap={10}
        className={compact ? 'user-menu-trigger user-menu-compact' : 'user-menu-trigger'}
        aria-label={t('userMenu.label')}
        data-testid="user-menu"
      >
        <UserAvatar user={user} size={34} />
        {!compact && (
          <Flex vertical align="flex-start" className="user-menu-name">
            <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
              {displayName(user)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.userName}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
    </Dropdown>
  );
}
