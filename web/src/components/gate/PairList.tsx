import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row as GridRow, Typography } from 'antd';
import { IconButton } from '../IconButton';
import { useTranslation } from 'react-i18next';

export interface PairColumn {
  name: string;
  label: string;
  max: number;
  required?: boolean;
}

interface PairListProps {
  /** Form list name (`companions`, `equipment`). */
  name: string;
  columns: [PairColumn, PairColumn];
  addLabel: string;
  emptyText: string;
  disabled?: boolean;
}

/** An editable list of two-field rows of a form (companions: name and document; equipment: object and serial number). */
export function PairList({ name, columns, addLabel, emptyText, disabled }: PairListProps) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <div className="visits-pairs" data-testid={`list-${name}`}>
          {rows.length === 0 && (
            <Typography.Text type="secondary" className="visits-pairs-empty">
              {emptyText}
            </Typography.Text>
          )}
          {rows.map((row, index) => (
            <GridRow key={row.key} gutter={8} align="top" wrap={false}>
              {columns.map((column) => (
                <Col key={column.name} flex="1 1 0">
                  <Form.Item
                    name={[row.name, column.name]}
                    className="visits-pair-item"
                    rules={
                      column.required
                        ? [{ required: true, whitespace: true, message: t('validation.required') }]
                        : []
                    }
                  >
                    <Input
                      placeholder={column.label}
                      aria-label={`${column.label} ${index + 1}`}
                      maxLength={column.max}
                      autoComplete="off"
                      disabled={disabled}
                      data-testid={`${name}-${column.name}-${index}`}
                    />
                  </Form.Item>
                </Col>
              ))}
              <Col flex="none">
                <IconButton
                  label={t('visits.form.removeRow')}
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                  disabled={disabled}
                />
              </Col>
            </GridRow>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ [columns[0].name]: '', [columns[1].name]: '' })}
            disabled={disabled}
            block
            data-testid={`add-${name}`}
          >
            {addLabel}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The rows of a list that carry something, trimmed; empty optional values become null. */
export function pairRows<K extends string>(
  rows: Array<Record<K, unknown>> | undefined,
  keys: [K, K],
): Array<Record<K, string | null>> {
  return (rows ?? [])
    .map((row) => {
      const out = {} as Record<K, string | null>;
      for (const key of keys) {
        const text = typeof row?.[key] === 'string' ? (row[key] as string).trim() : '';
        out[key] = text === '' ? null : text;
      }
      return out;
    })
    .filter((row) => keys.some((key) => row[key] !== null));
}
