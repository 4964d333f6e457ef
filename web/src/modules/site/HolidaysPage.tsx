import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { publicHoliday } from '@strazce/contract';
import { formatDate } from '../../lib/format';
import { CrudPage } from '../../components/crud/CrudPage';

/** A holiday's date with its day of the week (`24.12.2027 · Friday`). */
function HolidayDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const weekday = new Date(`${date}T12:00:00`).toLocaleDateString(i18n.language, { weekday: 'long' });
  return (
    <span className="crud-nowrap">
      {formatDate(date)} <Typography.Text type="secondary">· {weekday}</Typography.Text>
    </span>
  );
}

/** /site/holidays: the public holidays of the current site. */
export default function HolidaysPage() {
  return (
    <CrudPage entity={publicHoliday} render={{ date: (value) => <HolidayDate date={String(value)} /> }} />
  );
}
