import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../crud/fieldWire';
import { PairList, pairRows } from './PairList';
import { Masked } from './visitCells';

type EquipmentRow = Record<'object' | 'serialNumber', unknown>;
type CompanionRow = Record<'name' | 'document', unknown>;

/** The equipment of a visit or advice as the form's list holds it (nothing for a new one). */
export function equipmentFormRows(record: Row | null | undefined): EquipmentRow[] {
  return ((record?.equipment as Row[] | undefined) ?? []).map(({ object, serialNumber }) => ({
    object,
    serialNumber,
  }));
}

/** The companions of a visit as the form's list holds them. */
export function companionFormRows(record: Row | null | undefined): CompanionRow[] {
  return ((record?.companions as Row[] | undefined) ?? []).map(({ name, document }) => ({ name, document }));
}

/** The equipment rows of the form that carry something, for the request body. */
export function equipmentInput(values: Record<string, unknown>) {
  return pairRows(values.equipment as EquipmentRow[] | undefined, ['object', 'serialNumber']);
}

/** The companion rows of the form that carry something, for the request body. */
export function companionInput(values: Record<string, unknown>) {
  return pairRows(values.companions as CompanionRow[] | undefined, ['name', 'document']);
}

/** The form's section of equipment brought in: object and serial number per row. */
export function EquipmentFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start" className="visits-section">
        {t('visits.form.equipment')}
      </Divider>
      <PairList
        name="equipment"
        columns={[
          { name: 'object', label: t('visits.form.equipmentObject'), max: 200, required: true },
          { name: 'serialNumber', label: t('visits.form.equipmentSerial'), max: 100 },
        ]}
        addLabel={t('visits.form.addEquipment')}
        emptyText={t('visits.form.noEquipment')}
        disabled={disabled}
      />
    </>
  );
}

/**
 * The form's section of companions: name and document per row (masked when the user may not see them); a
 * visit's, or a vehicle driver's (`emptyText`: what an empty list says).
 */
export function CompanionFields({
  disabled,
  masked,
  emptyText,
}: {
  disabled?: boolean;
  masked?: boolean;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start" className="visits-section">
        {t('visits.form.companions')}
      </Divider>
      {masked ? (
        <Masked />
      ) : (
        <PairList
          name="companions"
          columns={[
            { name: 'name', label: t('visits.form.companionName'), max: 200, required: true },
            { name: 'document', label: t('visits.form.companionDocument'), max: 100 },
          ]}
          addLabel={t('visits.form.addCompanion')}
          emptyText={emptyText ?? t('visits.form.noCompanions')}
          disabled={disabled}
        />
      )}
    </>
  );
}
