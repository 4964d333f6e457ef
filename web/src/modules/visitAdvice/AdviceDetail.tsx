import type { Entity } from '@strazce/contract';
import type { Row } from '../../components/crud/fieldWire';
import {
  DetailDialog,
  DetailFields,
  EquipmentTable,
  type DetailProps,
} from '../../components/gate/DetailDialog';
import { AdviceDays, AdviceStatus } from './adviceCells';

/** Pairs of the two-column detail, row by row; the reasons take a whole row. */
const SHOWN = [
  'category',
  'requestUser',
  'reason',
  'lastName',
  'firstName',
  'company',
  'email',
  'documentType',
  'documentNumber',
  'visitedLastName',
  'visitedFirstName',
  'visitedCompany',
  'allowVehicle',
  'vehiclePlate',
  'vehicleReason',
  'responseUser',
  'responseDate',
  'responseReason',
];

interface AdviceDetailProps extends DetailProps {
  entity: Entity;
}

/** The preview of an advice: days, status, every detail and the equipment. */
export function AdviceDetail(props: AdviceDetailProps) {
  const { entity, record } = props;
  return (
    <DetailDialog
      {...props}
      head={
        <>
          <AdviceStatus record={record} />
          <AdviceDays record={record} />
        </>
      }
    >
      <DetailFields entity={entity} record={record} names={SHOWN} wide={['reason', 'responseReason']} />
      <div className="visits-detail-lists visits-detail-lists-one">
        <EquipmentTable rows={(record.equipment as Row[] | undefined) ?? []} />
      </div>
    </DetailDialog>
  );
}
