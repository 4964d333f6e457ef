import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { validationText, type FormErrors, type ValidationMessage } from './crud/validation';
import type { DialogProblem } from './ActionDialog';

type Input = Record<string, unknown>;

/**
 * The messages of a visit or advice form: `show` puts each field's messages under it (clearing the rest of
 * `names`) and the form-wide ones above the form; `check` runs the list rows' own rules and the input's
 * check, shows what is wrong, and gives the input only when everything is right.
 */
export function useFormErrors(
  form: FormInstance,
  names: readonly string[],
  setProblem: (problem: DialogProblem | null) => void,
) {
  const { t } = useTranslation();
  const translate = (item: ValidationMessage) => validationText(t, item.key, item.params);

  const show = (errors: FormErrors) => {
    form.setFields(names.map((name) => ({ name, errors: (errors.fields[name] ?? []).map(translate) })));
    setProblem(errors.form.length > 0 ? { text: errors.form.map(translate).join(' ') } : null);
  };

  const check = async (build: () => Input, validate: (input: Input) => FormErrors): Promise<Input | null> => {
    // The list rows have their own rules (a companion needs a name, an item its object).
    const rowsValid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const input = build();
    const errors = validate(input);
    show(errors);
    const valid = rowsValid && Object.keys(errors.fields).length === 0 && errors.form.length === 0;
    return valid ? input : null;
  };

  return { show, check };
}
