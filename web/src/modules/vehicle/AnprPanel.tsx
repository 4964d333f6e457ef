import { Suspense, useState } from 'react';
import { CameraOutlined, CloseOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Flex, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { vehicle, vehicleAdvice, vehicleAnprRead, type PlateMatchReason } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import type { GuardGate } from '../../components/gate/guardGate';
import { VehicleEntryDialog } from './lazyDialogs';

/** How often the panel asks for new reads (a camera's read shows at the gate within this time). */
export const ANPR_POLL_MS = 5_000;

const READS_KEY = [...entityQueryKey(vehicleAnprRead), 'panel'] as const;

type Ref = { id: number; label: string } | null;

/** A match reason in words ('O read as 0', 'missing character 7'), the web app's texts of the contract's codes. */
export function reasonText(t: TFunction, reason: PlateMatchReason): string {
  return t(`entity.vehicle/anpr/read.reasons.${reason.code}`, {
    expected: reason.expected,
    read: reason.read,
    position: (reason.position ?? 0) + 1,
  });
}

/** The read's best match in words, and why: the vehicle inside for a leave, else the advice, else nothing. */
export function bestMatch(t: TFunction, read: Row): { text: string; reasons: PlateMatchReason[] } {
  const reasons = (key: string) => (read[key] as PlateMatchReason[] | undefined) ?? [];
  if (read.proposal === 'LEAVE' && read.vehicle)
    return {
      text: t('anpr.match.vehicle', { plate: read.vehicleMatchedPlate }),
      reasons: reasons('vehicleMatchReasons'),
    };
  if (read.advice)
    return { text: t('anpr.match.advice', { plate: read.matchedPlate }), reasons: reasons('matchReasons') };
  if (read.vehicle)
    return {
      text: t('anpr.match.trailer', { plate: read.vehicleMatchedPlate }),
      reasons: reasons('vehicleMatchReasons'),
    };
  return { text: t('anpr.match.none'), reasons: [] };
}

/**
 * The guard's panel of new camera plate reads on /vehicles/manager, refreshed every few seconds: each read
 * with its plate, best match (a vehicle inside, an advice of today, or none) and why it matched in words,
 * and large buttons to confirm it as an entry (the entry dialog prefilled from the advice or the plate), as
 * the departure of the vehicle inside, or to dismiss it.
 */
export function AnprPanel({ gate }: { gate: GuardGate }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState<{ read: Row; prefill: Row } | null>(null);

  const reads = useQuery({
    queryKey: READS_KEY,
    queryFn: ({ signal }) =>
      api.list<Row>(
        '/vehicle/anpr/read',
        { page: 1, size: 10, sort: 'time,desc', state: 'NEW' },
        { signal, silent: true },
      ),
    refetchInterval: ANPR_POLL_MS,
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicleAnprRead) });
    void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicle) });
    void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicleAdvice) });
  };
  const failed = (error: unknown) => {
    message.error(apiErrorText(error as ApiError | NetworkError, t));
    refresh();
  };

  const openEntry = useMutation({
    mutationFn: (read: Row) => api.get<Row>(`/vehicle/anpr/read/${String(read.id)}/entry`, { silent: true }),
    onSuccess: (prefill, read) => setEntry({ read, prefill }),
    onError: failed,
  });
  const leave = useMutation({
    mutationFn: (read: Row) =>
      api.post<Row>(
        `/vehicle/anpr/read/${String(read.id)}/leave`,
        { gate: (read.gate as Ref)?.id ?? gate.id },
        { silent: true },
      ),
    onSuccess: (_saved, read) => {
      message.success(t('anpr.leaveDone', { plate: read.vehicleMatchedPlate }));
      refresh();
    },
    onError: failed,
  });
  const dismiss = useMutation({
    mutationFn: (read: Row) =>
      api.post<Row>(`/vehicle/anpr/read/${String(read.id)}/dismiss`, undefined, { silent: true }),
    onSuccess: (_saved, read) => {
      message.success(t('anpr.dismissed', { plate: read.plate }));
      refresh();
    },
    onError: failed,
  });

  const confirmLeave = (read: Row) =>
    modal.confirm({
      title: t('anpr.leaveTitle'),
      content: t('anpr.leaveConfirm', {
        plate: read.vehicleMatchedPlate,
        gate: (read.gate as Ref)?.label ?? gate.name,
      }),
      okText: t('anpr.confirmLeave'),
      okButtonProps: { size: 'large', 'data-testid': 'anpr-leave-ok' } as never,
      cancelButtonProps: { size: 'large' },
      cancelText: t('crud.cancel'),
      onOk: () => leave.mutateAsync(read).catch(() => undefined),
    });

  const rows = reads.data?.rows ?? [];
  const busy = (read: Row) =>
    [openEntry, leave, dismiss].some((mutation) => mutation.isPending && mutation.variables?.id === read.id);

  return (
    <Card
      size="small"
      data-testid="anpr-panel"
      title={
        <Flex align="center" gap={8} wrap>
          <CameraOutlined />
          <span>{t('anpr.title')}</span>
          {rows.length > 0 && (
            <Badge count={reads.data?.total} title={t('anpr.newCount', { count: reads.data?.total })} />
          )}
        </Flex>
      }
    >
      {rows.length === 0 ? (
        <Typography.Text type="secondary" data-testid="anpr-empty">
          {t('anpr.empty')}
        </Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {rows.map((read) => {
            const match = bestMatch(t, read);
            const proposal = read.proposal === 'LEAVE' ? 'LEAVE' : 'ENTRY';
            const canLeave = !!read.vehicle && proposal === 'LEAVE';
            return (
              <Flex
                key={String(read.id)}
                data-testid={`anpr-read-${String(read.id)}`}
                className="anpr-read"
                vertical
                gap={8}
                style={{
                  border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
                  borderRadius: 8,
                  padding: 12,
                }}
              >
                <Flex wrap align="center" gap={12} justify="space-between">
                  <Flex wrap align="center" gap={12}>
                    <span
                      data-testid="anpr-plate"
                      style={{
                        fontFamily: 'monospace',
                        fontSize: 22,
                        fontWeight: 700,
                        letterSpacing: 2,
                        padding: '2px 10px',
                        border: '2px solid currentColor',
                        borderRadius: 6,
                      }}
                    >
                      {String(read.plate)}
                    </span>
                    <Tag color={proposal === 'LEAVE' ? 'orange' : 'green'} data-testid="anpr-proposal">
                      {t(`anpr.proposal.${proposal}`)}
                    </Tag>
                  </Flex>
                  <Typography.Text type="secondary">
                    {[
                      formatDateTime(read.time as string),
                      read.camera ? t('anpr.camera', { camera: read.camera }) : null,
                      (read.gate as Ref)?.label,
                      read.confidence != null ? t('anpr.confidence', { value: read.confidence }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </Flex>
                <Flex wrap align="center" gap={8} data-testid="anpr-match">
                  <Typography.Text strong>{match.text}</Typography.Text>
                  {match.reasons.length > 0 && (
                    <Typography.Text type="secondary">{t('anpr.why')}:</Typography.Text>
                  )}
                  {match.reasons.map((reason, index) => (
                    <Tag
                      key={index}
                      color={reason.code === 'EXACT' ? 'success' : 'warning'}
                      data-testid="anpr-reason"
                    >
                      {reasonText(t, reason)}
                    </Tag>
                  ))}
                </Flex>
                <Flex wrap gap={8}>
                  <Button
                    size="large"
                    type={proposal === 'ENTRY' ? 'primary' : 'default'}
                    icon={<LoginOutlined />}
                    loading={openEntry.isPending && openEntry.variables?.id === read.id}
                    disabled={busy(read)}
                    onClick={() => openEntry.mutate(read)}
                    data-testid="anpr-confirm-entry"
                    style={{ minHeight: 48 }}
                  >
                    {t('anpr.confirmEntry')}
                  </Button>
                  {canLeave && (
                    <Button
                      size="large"
                      type="primary"
                      icon={<LogoutOutlined />}
                      loading={leave.isPending && leave.variables?.id === read.id}
                      disabled={busy(read)}
                      onClick={() => confirmLeave(read)}
                      data-testid="anpr-confirm-leave"
                      style={{ minHeight: 48 }}
                    >
                      {t('anpr.confirmLeave')}
                    </Button>
                  )}
                  <Button
                    size="large"
                    icon={<CloseOutlined />}
                    loading={dismiss.isPending && dismiss.variables?.id === read.id}
                    disabled={busy(read)}
                    onClick={() => dismiss.mutate(read)}
                    data-testid="anpr-dismiss"
                    style={{ minHeight: 48 }}
                  >
                    {t('anpr.dismiss')}
                  </Button>
                </Flex>
              </Flex>
            );
          })}
        </Flex>
      )}
      {entry && (
        <Suspense fallback={null}>
          <VehicleEntryDialog
            kind="entry"
            gate={gate}
            initial={entry.prefill}
            source={{ kind: 'read', id: Number(entry.read.id) }}
            onDone={refresh}
            onClose={() => setEntry(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
