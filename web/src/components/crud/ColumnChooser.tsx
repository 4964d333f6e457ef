import type { ReactNode } from 'react';
import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toggleColumn } from './columnLayout';

interface ColumnChooserProps {
  /** The columns the screen offers, in order, with their titles. */
  offered: { name: string; title: ReactNode }[];
  hidden: string[];
  /** The columns hidden until the user picks them (the list's default choice). */
  defaultHidden: string[];
  onChange(hidden: string[]): void;
  /** Only the icon (narrow screens). */
  compact?: boolean;
}

/** The button that lets the user pick the columns of a list (kept with the screen's table state). */
export function ColumnChooser({ offered, hidden, defaultHidden, onChange, compact }: ColumnChooserProps) {
  const { t } = useTranslation();
  const names = offered.map((column) => column.name);
  const content = (
    <div className="crud-columns" data-testid="crud-columns-panel">
      {offered.map((column) => {
        const shown = !hidden.includes(column.name);
        const last = shown && names.filter((name) => !hidden.includes(name)).length === 1;
        return (
          <Checkbox
            key={column.name}
            checked={shown}
            disabled={last}
            data-column={column.name}
            onChange={(event) => onChange(toggleColumn(names, hidden, column.name, event.target.checked))}
          >
            {column.title}
          </Checkbox>
        );
      })}
      <Button
        type="link"
        size="small"
        className="crud-columns-all"
        disabled={hidden.length === 0}
        onClick={() => onChange([])}
      >
        {t('crud.columnsAll')}
      </Button>
      {defaultHidden.length > 0 && (
        <Button
          type="link"
          size="small"
          className="crud-columns-all"
          data-testid="crud-columns-default"
          disabled={
            hidden.length === defaultHidden.length && hidden.every((name) => defaultHidden.includes(name))
          }
          onClick={() => onChange(defaultHidden)}
        >
          {t('crud.columnsDefault')}
        </Button>
      )}
    </div>
  );
  const button = (
    <Button icon={<TableOutlined />} aria-label={t('crud.columns')} data-testid="crud-columns">
      {compact ? null : t('crud.columns')}
    </Button>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('crud.columnsTitle')} content={content}>
      {compact ? <Tooltip title={t('crud.columns')}>{button}</Tooltip> : button}
    </Popover>
  );
}
