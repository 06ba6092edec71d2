import { useState, type ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { fieldOfError, type FieldPath } from '../../../app/server-errors.ts';

/** How a page's create/edit form looks and what it sends; the kit does the drawer, saving and server errors. */
export interface MasterFormSpec<T, V, B> {
  /** The form's fields (antd Form.Items); give the first one autoFocus. */
  fields: (ctx: { row?: T; form: FormInstance<V> }) => ReactNode;
  /** Values of a new record (no row) or of the row being edited. */
  initialValues: (row?: T) => Partial<V>;
  /** Form values → the contract body (trim, blanks to null, decimal strings). */
  toBody: (values: V) => B;
  /** The code field, where `<entity>_code_already_exists` is shown. */
  codeField: keyof V & string;
  /** Other server error codes shown under one field (e.g. cash_bank_ou_required → 'ouId'). */
  errorFields?: Partial<Record<string, FieldPath>>;
  /** Drawer width in pixels (default 560). */
  width?: number;
  /**
   * A refusal whose field or text depends on its arguments (price_must_be_positive names which price): the field to
   * show it under (none: a toast) and its text. Undefined leaves the error to the rules above.
   */
  serverError?: (err: unknown) => { field?: FieldPath; message: string } | undefined;
}

interface Props<T, V, B> {
  spec: MasterFormSpec<T, V, B>;
  row?: T;
  title: string;
  save: (body: B) => Promise<T>;
  onSaved: (saved: T) => void;
  onClose: () => void;
}

/**
 * The create/edit drawer: Enter submits, Save shows progress, a refusal about one field is shown under that field
 * (other refusals as the usual error toast) and the form keeps everything typed.
 */
export function MasterRecordForm<T, V extends object, B>({ spec, row, title, save, onSaved, onClose }: Props<T, V, B>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [initial] = useState(() => spec.initialValues(row));
  const mutation = useMutation({
    mutationFn: (values: V) => save(spec.toBody(values)),
    meta: { silent: true },
    onSuccess: onSaved,
    onError: (err) => {
      const own = spec.serverError?.(err);
      if (own && own.field === undefined) return toast.error(own.message);
      const names = Object.keys(form.getFieldsValue(true) as object);
      const field = own?.field ?? fieldOfError(err, { codeField: spec.codeField, byCode: spec.errorFields, fields: [...names, spec.codeField] });
      if (field === undefined) return reportError(err);
      form.setFields([{ name: field as never, errors: [own?.message ?? describeError(err)] }]);
      form.scrollToField(field as never);
    },
  });

  return (
    <FormDrawer
      title={title}
      size={spec.width}
      onClose={onClose}
      maskClosable={false}
      save={{ label: t('masterKit.save'), pending: mutation.isPending, onSave: () => form.submit() }}
    >
      <Form<V> form={form} layout="vertical" initialValues={initial} onFinish={(values) => mutation.mutate(values)} scrollToFirstError>
        {spec.fields({ row, form })}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
