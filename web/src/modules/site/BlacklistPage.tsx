import type { ReactNode } from 'react';
import { CarOutlined, UserOutlined } from '@ant-design/icons';
import { Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_CATEGORIES, blacklist, type BlacklistCategory } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import './site.css';

const I18N = 'entity.blacklist';
const ICONS: Record<BlacklistCategory, ReactNode> = {
  VEHICLE: <CarOutlined />,
  PERSON: <UserOutlined />,
};

/** Fields that describe a vehicle, and those that describe a person; the dialog shows those of the category. */
const VEHICLE_FIELDS = ['licencePlate'];
const PERSON_FIELDS = ['firstName', 'lastName', 'documentType', 'documentNumber'];

const whenCategory = (category: BlacklistCategory) => (values: Record<string, unknown>) =>
  values.category === category;

function CategoryTag({ category }: { category: BlacklistCategory }) {
  const { t } = useTranslation();
  return (
    <Tag icon={ICONS[category]} color={category === 'VEHICLE' ? 'geekblue' : 'purple'} variant="filled">
      {t(`${I18N}.values.category.${category}`)}
    </Tag>
  );
}

/** The category as two large choices; the fields below follow it. */
function CategoryInput({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: BlacklistCategory | null;
  onChange?: (value: BlacklistCategory) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<BlacklistCategory>
      id={id}
      block
      value={value ?? (null as unknown as BlacklistCategory)}
      disabled={disabled}
      onChange={(next) => onChange?.(next)}
      className="site-category"
      options={BLACKLIST_CATEGORIES.map((category) => ({
        value: category,
        icon: ICONS[category],
        label: t(`${I18N}.values.category.${category}`),
      }))}
    />
  );
}

/**
 * /site/internalBlacklists: the internal blacklist of the current site. A vehicle is known by its licence
 * plate, a person by name or document; the server's rules report the problems on the fields.
 */
export default function BlacklistPage() {
  return (
    <CrudPage
      entity={blacklist}
      columns={[
        'category',
        'licencePlate',
        'lastName',
        'firstName',
        'documentType',
        'documentNumber',
        'reason',
      ]}
      render={{
        category: (value) => <CategoryTag category={value as BlacklistCategory} />,
        licencePlate: (value) =>
          value ? (
            <span className="site-plate">{String(value)}</span>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          ),
        reason: (value) => (
          <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 280 }}>
            {String(value)}
          </Typography.Text>
        ),
      }}
      formItems={{ category: () => <CategoryInput /> }}
      wideFields={['reason']}
      fieldVisible={Object.fromEntries([
        ...VEHICLE_FIELDS.map((name) => [name, whenCategory('VEHICLE')]),
        ...PERSON_FIELDS.map((name) => [name, whenCategory('PERSON')]),
      ])}
    />
  );
}
