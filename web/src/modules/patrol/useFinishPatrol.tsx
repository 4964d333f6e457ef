import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { patrolInstance, type RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';

const label = (value: unknown) => (value as RefValue | null)?.label ?? '—';

/**
 * The patrol administrator's finish of a patrol in progress (`POST /api/patrol/instance/:id/finish`), after a
 * confirmation: the patrol is scored and moves to the archive. `allowed` is false for PATROL_VIEW.
 */
export function useFinishPatrol() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const allowed = can(['PATROL_ADMIN'], 'MOD_PATROL');

  const finish = useCallback(
    (record: Row, onDone?: () => void) => {
      modal.confirm({
        title: t('patrolInstance.finishTitle'),
        content: t('patrolInstance.finishConfirm', {
          route: String(record.routeName ?? label(record.route)),
          guard: label(record.guard),
          started: formatDateTime(record.started as string),
        }),
        okText: t('patrolInstance.finishOk'),
        okButtonProps: { danger: true, 'data-testid': 'patrol-finish-confirm' } as never,
        cancelText: t('crud.cancel'),
        cancelButtonProps: { 'data-testid': 'patrol-finish-cancel' } as never,
        autoFocusButton: 'cancel',
        onOk: async () => {
          try {
            await api.post(`/${patrolInstance.resource}/${record.id as number}/finish`);
            message.success(t('patrolInstance.finishDone'));
            onDone?.();
          } finally {
            // Finished (also by someone else meanwhile): the row leaves the list of patrols in progress.
            await queryClient.invalidateQueries({ queryKey: entityQueryKey(patrolInstance) });
          }
        },
      });
    },
    [modal, message, queryClient, t],
  );

  return { allowed, finish };
}
