import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The decimal separator the language writes: a comma in Czech, a point in English. */
export function decimalSeparatorOf(language: string): ',' | '.' {
  return language.startsWith('cs') ? ',' : '.';
}

/**
 * The number text a user typed, as the input reads it: either separator is a decimal one (`12,5` and `12.5`
 * are both twelve and a half, as the spec says), spaces (also a thousands' no-break space) are dropped.
 */
export function parseLocaleNumber(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(/,/g, '.');
}

/** antd's InputNumber that reads and shows the language's decimal separator (every number input of the app). */
export function NumberInput<T extends number = number>(props: InputNumberProps<T>) {
  const { i18n } = useTranslation();
  return (
    <InputNumber<T>
      decimalSeparator={decimalSeparatorOf(i18n.language)}
      parser={(text) => parseLocaleNumber(text) as unknown as T}
      {...props}
    />
  );
}
