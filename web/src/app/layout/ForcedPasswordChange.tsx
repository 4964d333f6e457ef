import { Alert, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../modules/profile/ChangePasswordForm';

/** A password that must be changed before anything else (AppLayout loads this only then). */
export default function ForcedPasswordChange({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center">
      <Card title={t('passwordChange.forcedTitle')} style={{ width: '100%', maxWidth: 520 }}>
        <Alert type="warning" showIcon title={t('passwordChange.forced')} style={{ marginBottom: 16 }} />
        <ChangePasswordForm onDone={onDone} />
      </Card>
    </Flex>
  );
}
