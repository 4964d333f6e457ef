import { useEffect, useState } from 'react';
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  RETENTION_RULES,
  type RetentionKey,
  type RetentionSettings,
} from '@strazce/contract';
import { api } from '../../lib/api';
import { FailureAlert } from '../../components/FailureAlert';
import { NumberInput } from '../../components/NumberInput';
import { fetchPreview, RETENTION_QUERY_KEY, useRetentionSettings } from './privacyApi';
import { RetentionPreviewTable } from './RetentionPreviewTable';
import { requestFailure } from './requestFailure';

type Rule = (typeof RETENTION_RULES)[number];

const complete = (days: Partial<RetentionSettings>): days is RetentionSettings =>
  RETENTION_RULES.every((rule) => {
    const value = days[rule.key];
    return typeof value === 'number' && value >= RETENTION_MIN_DAYS && value <= RETENTION_MAX_DAYS;
  });

/**
 * The site's retention per rule: days with the lawful default beside; the preview of the next run with the days
 * as typed (before they are saved); saving asks again with the number of records the next run will anonymize.
 */
export function RetentionSettingsCard() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const saved = useRetentionSettings();
  const [days, setDays] = useState<Partial<RetentionSettings>>({});
  const [tried, setTried] = useState<RetentionSettings | null>(null);
  useEffect(() => {
    if (saved.data) setDays(saved.data);
  }, [saved.data]);
  const preview = useQuery({
    queryKey: [...RETENTION_QUERY_KEY, 'preview', tried],
    queryFn: () => fetchPreview(tried ?? undefined),
    enabled: saved.data !== undefined,
  });
  const save = useMutation({
    mutationFn: (settings: RetentionSettings) => api.put<RetentionSettings>('/privacy/retention', settings),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: RETENTION_QUERY_KEY });
      setTried(null);
      void message.success(t('privacy.retention.saved'));
    },
  });

  const confirmSave = async () => {
    if (!complete(days)) return;
    const next = await fetchPreview(days);
    setTried(days);
    const count = next.reduce((sum, row) => sum + row.count, 0);
    modal.confirm({
      title: t('privacy.retention.confirmTitle'),
      content: t('privacy.retention.confirmText', { count }),
      okText: t('privacy.retention.save'),
      cancelText: t('common.cancel'),
      onOk: () => save.mutateAsync(days),
    });
  };

  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('privacy.retention.intro')}</Typography.Paragraph>
      <FailureAlert failure={requestFailure(saved.error ?? save.error ?? preview.error, t)} />
      <Table<Rule>
        size="middle"
        rowKey="key"
        pagination={false}
        loading={saved.isPending}
        scroll={{ x: 'max-content' }}
        dataSource={[...RETENTION_RULES]}
        columns={[
          {
            key: 'rule',
            title: t('privacy.retention.rule'),
            render: (_, rule) => t(`privacy.rule.${rule.key}`),
          },
          {
            key: 'days',
            title: t('privacy.retention.days'),
            render: (_, rule) => (
              <Space wrap>
                <NumberInput<number>
                  aria-label={t(`privacy.rule.${rule.key}`)}
                  data-testid={`retention-days-${rule.key}`}
                  min={RETENTION_MIN_DAYS}
                  max={RETENTION_MAX_DAYS}
                  precision={0}
                  value={days[rule.key as RetentionKey] ?? null}
                  onChange={(value) => setDays((current) => ({ ...current, [rule.key]: value ?? undefined }))}
                />
                <Typography.Text type="secondary">{t(`privacy.from.${rule.from}`)}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'default',
            title: t('privacy.retention.default'),
            render: (_, rule) => t('privacy.days', { count: rule.defaultDays }),
          },
        ]}
      />
      <Space wrap className="privacy-actions">
        <Button
          data-testid="retention-preview-button"
          disabled={!complete(days)}
          onClick={() => complete(days) && setTried(days)}
        >
          {t('privacy.retention.preview')}
        </Button>
        <Button
          type="primary"
          data-testid="retention-save"
          disabled={!complete(days)}
          loading={save.isPending}
          onClick={() => void confirmSave()}
        >
          {t('privacy.retention.save')}
        </Button>
        <Link to="/admin/privacy/preview">{t('privacy.retention.openPreview')}</Link>
      </Space>
      <RetentionPreviewTable rows={preview.data} loading={preview.isFetching} />
      <Typography.Paragraph type="secondary" className="privacy-note">
        {t('privacy.retention.fixed')}
      </Typography.Paragraph>
    </Card>
  );
}
