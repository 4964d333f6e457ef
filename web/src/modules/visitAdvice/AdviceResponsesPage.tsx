import { useState } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { visitAdvice } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { AdviceDetail } from './AdviceDetail';
import { ResponseDialog } from './ResponseDialog';
import { adviceColumns } from './adviceTable';
import './advice.css';

/** /advice/responses: the responder approves advices, or rejects them with a reason (pending ones first). */
export default function AdviceResponsesPage() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<{ advice: Row; status: 'APPROVED' | 'REJECTED' } | null>(null);
  return (
    <>
      <CrudPage
        entity={visitAdvice}
        readOnly
        defaultFilters={{ status: 'PENDING' }}
        {...adviceColumns(t)}
        rowActions={[
          {
            key: 'approve',
            label: t('advice.response.approve'),
            icon: <CheckOutlined />,
            visible: (record) => record.status !== 'APPROVED' && !record.oneTimeClosed,
            onClick: (record) => setAnswer({ advice: record, status: 'APPROVED' }),
          },
          {
            key: 'reject',
            label: t('advice.response.reject'),
            icon: <CloseOutlined />,
            danger: true,
            visible: (record) => record.status !== 'REJECTED' && !record.oneTimeClosed,
            onClick: (record) => setAnswer({ advice: record, status: 'REJECTED' }),
          },
        ]}
        dialog={(context) =>
          context.record ? (
            <AdviceDetail entity={visitAdvice} record={context.record} onClose={context.onClose} />
          ) : null
        }
      />
      {answer && (
        <ResponseDialog advice={answer.advice} status={answer.status} onClose={() => setAnswer(null)} />
      )}
    </>
  );
}
