import type { ReactNode } from 'react';
import { Col, Divider, Form, Row as GridRow } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { FieldInput } from '../crud/FieldInput';
import { fieldLabel } from '../crud/labels';
import type { Row } from '../crud/fieldWire';
import { Masked } from './visitCells';

export interface FieldOptions {
  /** The input, when not the field's own (a name search, a picker). */
  control?: ReactNode;
  /** Columns of 24 on a wide screen. */
  span?: number;
  /** The required mark; the entity's rule by default. */
  required?: boolean;
}

/** One field of a visit or advice form as a cell of its grid. */
export type FieldItem = (name: string, options?: FieldOptions) => ReactNode;

interface FieldItemSource {
  entity: Entity;
  mode: 'create' | 'edit';
  /** The record the references' labels come from. */
  record: Row | null;
  disabled: boolean;
  /** Personal values the user may not see: shown masked in place of the input, and never sent back. */
  masked?: ReadonlySet<string>;
  /** What a masked field shows instead of the mask alone (a withheld document number's 'Show'). */
  maskedControl?(name: string): ReactNode | undefined;
}

/** The cells of a visit or advice form: label, input (the field's own unless given) and required mark. */
export function useFieldItem({
  entity,
  mode,
  record,
  disabled,
  masked,
  maskedControl,
}: FieldItemSource): FieldItem {
  const { t } = useTranslation();
  return (name, { control, span = 12, required } = {}) => {
    const field = entity.fields[name];
    return (
      <Col xs={24} md={span} key={name}>
        <Form.Item
          name={name}
          label={fieldLabel(t, entity, name)}
          required={required ?? (field.required === true && field.kind !== 'bool')}
        >
          {masked?.has(name)
            ? (maskedControl?.(name) ?? <MaskedInput />)
            : (control ?? (
                <FieldInput entity={entity} name={name} mode={mode} record={record} disabled={disabled} />
              ))}
        </Form.Item>
      </Col>
    );
  };
}

/** A personal value the user may not see, in place of its input. */
function MaskedInput(_: { id?: string; value?: unknown; onChange?: unknown }) {
  return <Masked />;
}

/** A titled group of a form's fields on one grid. */
export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" className="visits-section">
        {title}
      </Divider>
      <GridRow gutter={16}>{children}</GridRow>
    </>
  );
}

interface VisitorFieldsProps {
  title: ReactNode;
  item: FieldItem;
  /** The inputs of the names (the visit form's search of earlier visitors). */
  nameControl?(name: 'lastName' | 'firstName'): ReactNode;
  namesRequired?: boolean;
  /** The sixth cell of the section: the visit's card, the advice's e-mail. */
  last: ReactNode;
}

/** The visitor section of a visit or an advice: names, company, identity document and one more field. */
export function VisitorFields({ title, item, nameControl, namesRequired, last }: VisitorFieldsProps) {
  return (
    <FormSection title={title}>
      {item('lastName', { control: nameControl?.('lastName'), span: 8, required: namesRequired })}
      {item('firstName', { control: nameControl?.('firstName'), span: 8, required: namesRequired })}
      {item('company', { span: 8 })}
      {item('documentType', { span: 8 })}
      {item('documentNumber', { span: 8 })}
      {last}
    </FormSection>
  );
}

/** The visited person's names and company, a row of the form. */
export function VisitedFields({ item }: { item: FieldItem }) {
  return (
    <>
      {item('visitedFirstName', { span: 8 })}
      {item('visitedLastName', { span: 8 })}
      {item('visitedCompany', { span: 8 })}
    </>
  );
}
