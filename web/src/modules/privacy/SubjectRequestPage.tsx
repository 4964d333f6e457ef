import { useState } from 'react';
import { App, Button, Card, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SUBJECT_SEARCH_KINDS,
  type SubjectChange,
  type SubjectSearch,
  type SubjectSearchResult,
} from '@strazce/contract';
import { FailureAlert } from '../../components/FailureAlert';
import { saveBlob } from '../../components/useDownload';
import { requestFailure } from './requestFailure';
import { SubjectRequestHistory } from './SubjectRequestHistory';
import { SubjectRequestResults } from './SubjectRequestResults';
import { SUBJECT_REQUESTS_QUERY_KEY, changeSubject, exportSubject, searchSubject } from './subjectRequestApi';
import './privacy.css';

/**
 * /admin/privacy/requests (docs/privacy.md "Subject requests"): the privacy officer searches one person's data
 * across the modules of their sites, sees it by module, and exports, erases, restricts it or lifts the
 * restriction, each after a confirmation naming what will happen; below, the record of past requests.
 */
export default function SubjectRequestPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [searched, setSearched] = useState<SubjectSearch | null>(null);
  const [result, setResult] = useState<SubjectSearchResult | null>(null);
  const [language, setLanguage] = useState<'cs' | 'en'>(i18n.language === 'en' ? 'en' : 'cs');
  const refreshHistory = () => queryClient.invalidateQueries({ queryKey: SUBJECT_REQUESTS_QUERY_KEY });

  const search = useMutation({
    mutationFn: searchSubject,
    onSuccess: (data, variables) => {
      setSearched(variables);
      setResult(data);
      void refreshHistory();
    },
  });
  const change = useMutation({
    mutationFn: ({ action }: { action: SubjectChange }) => changeSubject(searched!, action),
    onSuccess: async (data) => {
      const count = (ids: Record<string, number[]>) =>
        Object.values(ids).reduce((sum, list) => sum + list.length, 0);
      void message.success(
        t(`privacy.subject.done.${data.action}`, { done: count(data.done), skipped: count(data.skipped) }),
      );
      setResult(await searchSubject(searched!));
      void refreshHistory();
    },
  });
  const download = useMutation({
    mutationFn: () => exportSubject(searched!, language),
    onSuccess: ({ blob, name }) => {
      saveBlob(blob, name);
      void message.success(t('privacy.subject.done.export'));
      void refreshHistory();
    },
  });

  const confirm = (action: SubjectChange) =>
    modal.confirm({
      title: t(`privacy.subject.${action}`),
      content: t(`privacy.subject.confirm.${action}`, { count: result?.total ?? 0 }),
      okText: t(`privacy.subject.${action}`),
      okButtonProps: { danger: action === 'erase', 'data-testid': 'subject-confirm' } as never,
      onOk: () => change.mutateAsync({ action }),
    });

  const failure = search.error ?? change.error ?? download.error;
  const found = result !== null && result.total > 0;
  const anyRestricted = result?.modules.some((module) => module.matches.some((match) => match.restricted));
  return (
    <div className="privacy-page" data-testid="subject-request-page">
      <Card>
        <Typography.Paragraph type="secondary">{t('privacy.subject.intro')}</Typography.Paragraph>
        <Form<SubjectSearch>
          layout="inline"
          className="subject-form"
          initialValues={{ kind: 'name', value: '' }}
          onFinish={(values) => search.mutate({ kind: values.kind, value: values.value.trim() })}
        >
          <Form.Item name="kind" label={t('privacy.subject.kind')}>
            <Select
              className="subject-kind"
              data-testid="subject-kind"
              options={SUBJECT_SEARCH_KINDS.map((kind) => ({
                value: kind,
                label: t(`privacy.subject.kinds.${kind}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="value"
            label={t('privacy.subject.value')}
            rules={[
              { required: true, whitespace: true, min: 2, message: t('privacy.subject.valueRequired') },
            ]}
          >
            <Input className="subject-value" data-testid="subject-value" autoComplete="off" maxLength={200} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={search.isPending} data-testid="subject-search">
              {t('privacy.subject.search')}
            </Button>
          </Form.Item>
        </Form>
        <FailureAlert failure={requestFailure(failure, t)} />
      </Card>
      {result && (
        <Card
          title={t('privacy.subject.results', { count: result.total })}
          loading={search.isPending}
          data-testid="subject-found"
        >
          {found && (
            <Space wrap className="privacy-actions">
              <Radio.Group
                value={language}
                onChange={(event) => setLanguage(event.target.value as 'cs' | 'en')}
                aria-label={t('privacy.subject.language')}
                optionType="button"
                options={[
                  { value: 'cs', label: 'CS' },
                  { value: 'en', label: 'EN' },
                ]}
              />
              <Button
                onClick={() => download.mutate()}
                loading={download.isPending}
                data-testid="subject-export"
              >
                {t('privacy.subject.export')}
              </Button>
              <Button onClick={() => confirm('restrict')} data-testid="subject-restrict">
                {t('privacy.subject.restrict')}
              </Button>
              {anyRestricted && (
                <Button onClick={() => confirm('lift')} data-testid="subject-lift">
                  {t('privacy.subject.lift')}
                </Button>
              )}
              <Button danger onClick={() => confirm('erase')} data-testid="subject-erase">
                {t('privacy.subject.erase')}
              </Button>
            </Space>
          )}
          <SubjectRequestResults result={result} />
        </Card>
      )}
      <SubjectRequestHistory />
    </div>
  );
}
