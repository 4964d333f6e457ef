import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitAdviceRequest } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { AdviceDetail } from './AdviceDetail';
import { AdviceDialog } from './AdviceDialog';
import { adviceColumns } from './adviceTable';
import './advice.css';

/** /advice/requests: the requester's own advices; new ones wait for a response, and only those can change. */
export default function AdviceRequestsPage() {
  const { t } = useTranslation();
  const columns = adviceColumns(t);
  return (
    <CrudPage
      entity={visitAdviceRequest}
      {...columns}
      columns={columns.columns!.filter((name) => name !== 'requestUser')}
      noCreate
      rowEditable={(record) => record.status === 'PENDING'}
      toolbar={(page) =>
        page.canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => page.open('create')}
            data-testid="advice-new"
          >
            {t('advice.newRequest')}
          </Button>
        )
      }
      dialog={(context) =>
        context.mode === 'preview' && context.record ? (
          <AdviceDetail
            entity={visitAdviceRequest}
            record={context.record}
            onEdit={
              context.canWrite && context.record.status === 'PENDING'
                ? () => context.onSwitch('edit', context.record!)
                : undefined
            }
            onClose={context.onClose}
          />
        ) : context.mode !== 'preview' ? (
          <AdviceDialog
            entity={visitAdviceRequest}
            mode={context.mode}
            record={context.record}
            onClose={context.onClose}
          />
        ) : null
      }
    />
  );
}
