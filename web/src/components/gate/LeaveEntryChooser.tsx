import type { ReactNode } from 'react';
import { Descriptions, Empty, Form, Select, Spin, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { RefValue } from '@strazce/contract';
import { formatDateTime } from '../../lib/format';
import type { Row } from '../crud/fieldWire';

interface LeaveEntryChooserProps {
  /** The entry the dialog was opened for; without one the guard finds it among `found`. */
  entry: Row | null;
  chosen: Row | null;
  onChoose(row: Row | null): void;
  /** The entries inside that match the search (undefined while the first search runs). */
  found: Row[] | undefined;
  searching: boolean;
  onSearch(text: string): void;
  optionLabel(row: Row): string;
  texts: { find: string; placeholder: string; nothing: string };
  testId: string;
  /** The chosen entry's summary, line by line (`enteredItem` gives the line of its entry). */
  summary(chosen: Row): NonNullable<DescriptionsProps['items']>;
}

/**
 * The departure dialogs' entry (a visit's, a vehicle's): the search among the entries inside when the dialog
 * was not opened for one, the chosen entry's summary, or a note that nobody matches.
 */
export function LeaveEntryChooser({
  entry,
  chosen,
  onChoose,
  found,
  searching,
  onSearch,
  optionLabel,
  texts,
  testId,
  summary,
}: LeaveEntryChooserProps) {
  return (
    <>
      {!entry && (
        <Form.Item label={texts.find} required>
          <Select
            showSearch={{ filterOption: false, onSearch }}
            value={chosen?.id ?? null}
            placeholder={texts.placeholder}
            onChange={(id) => onChoose(found?.find((row) => row.id === id) ?? null)}
            options={(found ?? []).map((row) => ({ value: row.id, label: optionLabel(row) }))}
            notFoundContent={searching ? <Spin size="small" /> : texts.nothing}
            autoFocus
            data-testid={testId}
          />
        </Form.Item>
      )}
      {chosen ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          className="visits-leave-summary"
          styles={{ label: { width: '34%' } }}
          items={summary(chosen)}
        />
      ) : (
        entry === null &&
        !searching &&
        (found?.length ?? 0) === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.nothing} />
        )
      )}
    </>
  );
}

/** The summary's line of the entry: when and through which gate, with what follows it (a dwell time). */
export function enteredItem(t: TFunction, chosen: Row, after?: ReactNode) {
  const text = `${formatDateTime(chosen.movementTime as string)} · ${(chosen.gate as RefValue | null)?.label ?? ''}`;
  return {
    key: 'entered',
    label: t('visits.leave.entered'),
    children: after ? (
      <span className="visits-leave-entered">
        {text} {after}
      </span>
    ) : (
      text
    ),
  };
}
