import { useState } from 'react';
import { LoginOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vehicle, vehicleAdvice, vehicleAdviceDefaultFilter } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';
import { toWireDate } from '../../app/format';
import { useAccess } from '../../app/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { VehicleEntryDialog } from '../vehicles/VehicleEntryDialog';
import { useGuardGate } from '../visits/guardGate';

/**
 * /vehicleadvice/manager: the vehicles announced to the site, by default from the day before to the day after
 * today (in the site's time zone). 'Entry from advice' (a guard who records vehicle entries) opens the entry
 * dialog prefilled from an unused advice of today; the entry marks the advice used.
 */
export default function VehicleAdviceManagerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const { gate } = useGuardGate();
  const [entry, setEntry] = useState<{ advice: Row; prefill: Row } | null>(null);
  const today = toWireDate(new Date()) as string;
  const { dateFrom, dateTo } = vehicleAdviceDefaultFilter(today);
  const canEnter = can(vehicle.write, vehicle.module);

  const open = useMutation({
    mutationFn: (advice: Row) => api.get<Row>(`/vehicle/advice/${String(advice.id)}/entry`, { silent: true }),
    onSuccess: (prefill, advice) => setEntry({ advice, prefill }),
    onError: (error) => {
      message.error(apiErrorText(error as ApiError | NetworkError, t));
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicleAdvice) });
    },
  });

  return (
    <>
      <CrudPage
        entity={vehicleAdvice}
        defaultFilters={{ date: [dateFrom, dateTo] }}
        rowActions={[
          {
            key: 'fromAdvice',
            label: t('visits.action.fromAdvice'),
            icon: <LoginOutlined />,
            visible: (record) => canEnter && record.date === today && !record.vehicle,
            onClick: (record) => open.mutate(record),
          },
        ]}
      />
      {entry && (
        <VehicleEntryDialog
          kind="entry"
          gate={gate}
          initial={entry.prefill}
          source={{ kind: 'advice', id: Number(entry.advice.id) }}
          onDone={() => void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicleAdvice) })}
          onClose={() => setEntry(null)}
        />
      )}
    </>
  );
}
