import { CheckCircleFilled, CloseCircleFilled, KeyOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeyLendCheck } from '@strazce/contract';
import { ApiError, type NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';

/**
 * What a lend would do, before the guard confirms (`GET /keymanagement/lend/check`): the key found by the code
 * and its due time, whether it is out already, and — once the holder is chosen — whether that holder may hold
 * it and by which rule of the precedence.
 */
export function LendCheckResult({
  check,
  error,
  loading,
  holderChosen,
}: {
  check: KeyLendCheck | undefined;
  error: ApiError | NetworkError | null;
  loading: boolean;
  holderChosen: boolean;
}) {
  const { t } = useTranslation();
  if (loading && !check && !error)
    return (
      <div className="keys-check" data-testid="key-check" data-state="loading">
        <Typography.Text type="secondary">
          <LoadingOutlined /> {t('keys.lend.checking')}
        </Typography.Text>
      </div>
    );
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        className="keys-check-alert"
        data-testid="key-check"
        data-state={error instanceof ApiError && error.code ? error.code : 'error'}
        title={apiErrorText(error, t)}
      />
    );
  if (!check) return null;
  const due = check.due ? formatDateTime(check.due) : null;
  const state = check.key.lent ? 'lent' : !holderChosen ? 'key' : check.allowed ? 'allowed' : 'denied';
  return (
    <div className={`keys-check keys-check-${state}`} data-testid="key-check" data-state={state}>
      <Space size={8} align="start" className="keys-check-key">
        <KeyOutlined />
        <span>
          <Typography.Text strong data-testid="key-check-key">
            {check.key.label}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {due ? t('keys.lend.dueAt', { due }) : t('keys.lend.noDue')}
          </Typography.Text>
        </span>
      </Space>
      {check.key.lent ? (
        <Alert type="warning" showIcon title={t('apiError_KEY_LENT')} />
      ) : holderChosen ? (
        <Alert
          type={check.allowed ? 'success' : 'error'}
          showIcon
          icon={check.allowed ? <CheckCircleFilled /> : <CloseCircleFilled />}
          title={check.allowed ? t('keys.lend.allowed') : t('apiError_KEY_NOT_PERMITTED')}
          description={t('keys.lend.because', { rule: t(`keys.privileges.reason.${check.level}`) })}
        />
      ) : (
        <Typography.Text type="secondary">{t('keys.lend.chooseHolder')}</Typography.Text>
      )}
    </div>
  );
}
