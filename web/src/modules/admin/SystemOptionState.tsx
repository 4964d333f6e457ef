import { Alert, Button, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';

/**
 * While the server's choices (lib/systemOptions.ts) load: a spinner; when they fail: why, with a retry. Null once
 * they are there. A form control shows it in place of its choices.
 */
export function SystemOptionState({ query }: { query: UseQueryResult<unknown, Error> }) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <span data-testid="options-loading">
        <Spin size="small" description={t('common.loading')} />
      </span>
    );
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="options-error"
        title={t('common.optionsLoadFailed')}
        description={apiErrorText(query.error as ApiError | NetworkError, t)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('crud.retry')}
          </Button>
        }
      />
    );
  return null;
}
