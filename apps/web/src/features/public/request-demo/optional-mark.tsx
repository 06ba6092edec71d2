import type { ReactNode } from 'react';

/**
 * Form labels mark the optional fields, in the UI language (antd's id_ID locale has no text for it and would show
 * the English "(optional)").
 */
export const optionalMark =
  (optional: string) =>
  (label: ReactNode, { required }: { required: boolean }) => (
    <>
      {label}
      {!required && <span className="form-optional">&nbsp;({optional})</span>}
    </>
  );
