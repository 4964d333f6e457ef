import { useCallback } from 'react';
import { KeyOutlined } from '@ant-design/icons';
import { Alert, App, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VisitKey } from '@strazce/contract';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { canOpenRoute } from '../../lib/access';
import { useSession } from '../../lib/session';

/** A key as the visit's texts name it: its code and name (`K-001 Main gate`). */
export function keyName(key: VisitKey['key']): string {
  return key.label.includes(key.code) ? key.label : `${key.code} ${key.label}`.trim();
}

/** The keys of a visit not returned yet, named in one line. */
export function heldKeys(keys: readonly VisitKey[] | undefined): { count: number; names: string } {
  const held = (keys ?? []).filter((lend) => !lend.returned);
  return { count: held.length, names: held.map((lend) => keyName(lend.key)).join(', ') };
}

/**
 * The keys lent to a visitor during a visit (`GET /visit/:id/keys`), for a user who may open the lend-outs
 * (their roles and key management on the site, as the route table says); nothing is asked otherwise. The visit
 * pages load this without the key management's entities (their budget).
 */
export function useVisitKeys(visitId: number | null) {
  const { session } = useSession();
  const allowed = canOpenRoute(session, '/keys/lendouts');
  return useQuery({
    // Under the lend-outs' cache key: a lend or a return refreshes it.
    queryKey: ['crud', 'keymanagement/keylend', 'visit', visitId],
    queryFn: ({ signal }) => api.get<VisitKey[]>(`/visit/${visitId}/keys`, { signal, silent: true }),
    enabled: allowed && visitId !== null,
  });
}

/** The departure dialog's warning: the visitor still holds these keys. */
export function VisitKeysAlert({ keys }: { keys: readonly VisitKey[] | undefined }) {
  const { t } = useTranslation();
  const held = heldKeys(keys);
  if (held.count === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<KeyOutlined />}
      className="visits-alert"
      title={t('keys.visit.holds', { count: held.count, keys: held.names })}
      description={t('keys.visit.holdsHint')}
      data-testid="visit-keys-alert"
    />
  );
}

/**
 * Asks before a departure while the visitor still holds keys ('The visitor still holds key K-001 …. Record the
 * departure anyway?'); resolves true when there is nothing to ask or the user goes on.
 */
export function useConfirmKeysHeld() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (keys: readonly VisitKey[] | undefined): Promise<boolean> => {
      const held = heldKeys(keys);
      if (held.count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        modal.confirm({
          title: t('keys.visit.confirmTitle'),
          icon: <KeyOutlined />,
          content: t('keys.visit.confirm', {
            holds: t('keys.visit.holds', { count: held.count, keys: held.names }),
          }),
          okText: t('keys.visit.confirmOk'),
          okButtonProps: { danger: true, 'data-testid': 'visit-keys-confirm' } as never,
          cancelText: t('crud.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    },
    [modal, t],
  );
}

/** The visit's detail: the keys lent during the visit, when and until when, and whether they are back. */
export function VisitKeysSection({ visitId }: { visitId: number }) {
  const { t } = useTranslation();
  const keys = useVisitKeys(visitId);
  if (!keys.isEnabled) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid="visit-keys">
      <Typography.Title level={5}>{t('keys.visit.section')}</Typography.Title>
      <Table<VisitKey>
        size="small"
        rowKey="lend"
        pagination={false}
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        locale={{ emptyText: t('keys.visit.none') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'key',
            title: t('entity.keymanagement/keylend.fields.key'),
            render: (_, lend) => keyName(lend.key),
          },
          {
            key: 'lendDateTime',
            title: t('entity.keymanagement/keylend.fields.lendDateTime'),
            render: (_, lend) => formatDateTime(lend.lendDateTime),
          },
          {
            key: 'due',
            title: t('entity.keymanagement/keylend.fields.due'),
            render: (_, lend) => (lend.due ? formatDateTime(lend.due) : t('keys.noDue')),
          },
          {
            key: 'returned',
            title: t('entity.keymanagement/keylend.fields.returned'),
            render: (_, lend) =>
              lend.returned ? (
                <Tag color="green">{t('keys.visit.back')}</Tag>
              ) : (
                <Tag color="orange">{t('keys.visit.out')}</Tag>
              ),
          },
        ]}
      />
    </div>
  );
}
