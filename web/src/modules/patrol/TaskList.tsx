import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { IconButton } from '../../components/IconButton';
import { useTranslation } from 'react-i18next';

interface TaskListProps {
  id?: string;
  /** The tasks; the form may hold them as the JSON text of the field. */
  value?: string[] | string | null;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

function tasksOf(value: TaskListProps['value']): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** A route's tasks: texts in order, added and removed one by one. */
export function TaskList({ id, value, onChange, disabled }: TaskListProps) {
  const { t } = useTranslation();
  const tasks = tasksOf(value);
  const change = (index: number, text: string) =>
    onChange?.(tasks.map((task, at) => (at === index ? text : task)));
  return (
    <div className="patrol-tasks" id={id} data-testid="route-tasks">
      {tasks.length === 0 && <Typography.Text type="secondary">{t('patrolSetup.noTasks')}</Typography.Text>}
      {tasks.map((task, index) => (
        <div key={index} className="patrol-task">
          <Input
            value={task}
            maxLength={500}
            disabled={disabled}
            placeholder={t('patrolSetup.taskPlaceholder')}
            aria-label={`${t('entity.patrol/route.fields.tasks')} ${index + 1}`}
            onChange={(event) => change(index, event.target.value)}
          />
          <IconButton
            label={t('patrolSetup.remove')}
            type="text"
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => onChange?.(tasks.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange?.([...tasks, ''])}>
        {t('patrolSetup.addTask')}
      </Button>
    </div>
  );
}
