import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The spinner shown while a page chunk or the session loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 320 }}>
      <Spin size="large" description={t('common.loading')} />
    </Flex>
  );
}
