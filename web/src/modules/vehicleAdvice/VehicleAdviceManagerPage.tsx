import { useState } from 'react';
import { LoginOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vehicle, vehicleAdvice, vehicleAdviceDefaultFilter } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { toWireDate } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { NameSuggest } from '../../components/crud/NameSuggest';
import type { FormItemContext, FormTab } from '../../components/crud/types';
import { VehicleEntryDialog } from '../vehicle';
import { useGuardGate } from '../../components/gate/guardGate';

/**
 * The advice form in sections, as the visit advice form: when and where the vehicle comes, the vehicle with
 * its forwarder and supplier, and its driver.
 */
function formSections(t: (key: string) => string): FormTab[] {
  return [
    {
      key: 'arrival',
      title: t('vehicles.adviceForm.arrival'),
      fields: ['date', 'time', 'category', 'direction', 'district', 'gate', 'destination', 'notes'],
    },
    {
      key: 'vehicle',
      title: t('vehicles.adviceForm.vehicle'),
      fields: ['vehiclePlate', 'trailerPlate', 'forwarder', 'supplier', 'internalId', 'supplierId'],
    },
    {
      key: 'driver',
      title: t('vehicles.adviceForm.driver'),
      fields: ['driverFirstName', 'driverLastName', 'phone', 'email'],
    },
  ];
}

/** A name field offering the names of a list (forwarders as the vehicle entry picks them, suppliers). */
const suggestFrom = (resource: string) =>
  function SuggestedName(context: FormItemContext) {
    return (
      <NameSuggest
        resource={resource}
        disabled={context.disabled}
        maxLength={context.entity.fields[context.name].max}
      />
    );
  };

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
        formSections={formSections(t)}
        formItems={{
          forwarder: suggestFrom('vehicle/forwarder'),
          supplier: suggestFrom('logistics/supplier'),
        }}
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
