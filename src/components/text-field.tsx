import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}

/** Label with a red asterisk for required fields, the control, and an error line under it. */
function FieldShell({ id, label, required, error, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClasses =
  'w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-muted focus-visible:outline-offset-0';

/** `required` itself, not only aria-required: before and without scripts the browser checks the field. */
function controlProps(id: string, required: boolean | undefined, error: string | undefined) {
  return {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: `${controlClasses} ${error ? 'border-danger' : 'border-line-strong'}`,
  } as const;
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> & {
  label: string;
  required?: boolean;
  error?: string;
};

export function TextInput({ label, required, error, ...input }: TextInputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} error={error}>
      <input {...input} {...controlProps(id, required, error)} />
    </FieldShell>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'> & {
  label: string;
  required?: boolean;
  error?: string;
};

/** A multi-line input; 4 rows unless told otherwise (docs/product.md#contact). */
export function TextArea({ label, required, error, rows = 4, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} error={error}>
      <textarea rows={rows} {...textarea} {...controlProps(id, required, error)} />
    </FieldShell>
  );
}
