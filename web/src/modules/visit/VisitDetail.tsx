import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VISIT_PERSONAL_FIELDS, visit } from '@strazce/contract';
import { formatDateTime } from '../../lib/format';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import {
  CompanionTable,
  DetailDialog,
  DetailFields,
  EquipmentTable,
  type DetailProps,
} from '../../components/gate/DetailDialog';
import {
  AreaState,
  BlacklistFlag,
  BlacklistMarkers,
  DirectionTag,
  Masked,
  isBlacklisted,
  isMasked,
} from '../../components/gate/visitCells';
import { BlacklistHits } from '../../components/gate/warnings';
import { WithheldDocument, useDocumentReveal } from '../../components/gate/documentReveal';
import { VisitKeysSection } from '../keys';
import { SignedDocuments } from '../signature';

const PERSONAL = new Set<string>(VISIT_PERSONAL_FIELDS);
/** Pairs of the two-column detail, row by row. */
const SHOWN = [
  'movementTime',
  'gate',
  'lastName',
  'firstName',
  'company',
  'tag',
  'documentType',
  'documentNumber',
  'purpose',
  'visitedLastName',
  'visitedFirstName',
  'visitedCompany',
  'vehiclePlate',
  'parkingPlace',
  'note',
];

/** The preview of a movement: the blacklist hits, every recorded detail, the checks, companions and equipment. */
export function VisitDetail(props: DetailProps) {
  const { t } = useTranslation();
  const documents = useDocumentReveal('visit', props.record);
  const record = documents.record ?? props.record;
  return (
    <DetailDialog
      entity={visit}
      {...props}
      head={
        <>
          <DirectionTag direction={record.direction} />
          <AreaState record={record} />
          {isBlacklisted(record) && <BlacklistFlag record={record} />}
          {record.anonymized ? (
            <Typography.Text type="secondary">{t('visits.anonymizedHint')}</Typography.Text>
          ) : null}
        </>
      }
    >
      <BlacklistHits record={record} title={t('visits.blacklist.hitsTitle')} testId="visit-blacklist-hits" />
      <DetailFields
        entity={visit}
        record={record}
        names={SHOWN}
        wide={['note']}
        value={(name) =>
          name === 'documentNumber' && documents.withheld && isMasked(record[name]) ? (
            <WithheldDocument pending={documents.pending} onShow={documents.reveal} />
          ) : PERSONAL.has(name) && isMasked(record[name]) ? (
            <Masked />
          ) : undefined
        }
        extra={[
          ...(record.departureTime
            ? [
                {
                  key: 'departureTime',
                  label: fieldLabel(t, visit, 'departureTime'),
                  children: formatDateTime(record.departureTime as string),
                },
              ]
            : []),
          {
            key: 'blacklists',
            label: t('visits.blacklist.title'),
            span: 'filled',
            children: <BlacklistMarkers record={record} expanded />,
          },
        ]}
      />
      <div className="visits-detail-lists">
        <CompanionTable rows={(record.companions as Row[] | undefined) ?? []} withheld={documents.withheld} />
        <EquipmentTable rows={(record.equipment as Row[] | undefined) ?? []} />
      </div>
      <VisitKeysSection visitId={record.id} />
      <SignedDocuments source="MOD_VISIT" sourceId={record.id as number} />
    </DetailDialog>
  );
}
