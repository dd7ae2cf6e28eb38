import { useId, type ComponentProps, type ReactNode } from 'react';
import { Link } from '../../lib/router';

// The back-office's few building blocks: dense, quiet, one accent colour (teal-700, AA on white).

// On a touch screen every button and control is at least 44 px tall; a mouse keeps the denser sizes.
const shape =
  'inline-flex items-center justify-center gap-1.5 rounded-md font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed pointer-coarse:min-h-11';
const base = `${shape} min-h-9 px-3 text-sm`;
const small = `${shape} min-h-8 px-2.5 text-xs`;
const secondary =
  'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:border-stone-200 disabled:bg-stone-100 disabled:text-stone-500';
const quiet = 'border border-transparent text-teal-800 hover:bg-teal-50 disabled:text-stone-500';
export const buttonStyles = {
  primary: `${base} bg-teal-700 text-white hover:bg-teal-800 disabled:bg-stone-300 disabled:text-stone-600`,
  secondary: `${base} ${secondary}`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-300 disabled:text-stone-600`,
  quiet: `${base} ${quiet}`,
  /** Row actions in dense tables. */
  secondarySmall: `${small} ${secondary}`,
  quietSmall: `${small} ${quiet}`,
} as const;

/** A button style whose text may wrap (long labels in a grid of action buttons on a phone). */
export const wrapping = (style: string) => style.replace('whitespace-nowrap', 'whitespace-normal text-center');

export function PageHeader({ title, action, children }: { title: string; action?: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-xl font-bold text-stone-900">{title}</h1>
        {children}
      </div>
      {action}
    </header>
  );
}

/** The way back to the list, under a screen's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-teal-800 underline">
      {children}
    </Link>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-stone-200 bg-white shadow-sm ${className}`}>{children}</div>;
}

/** Tables scroll sideways on a phone instead of squashing; the region is focusable so keyboards can scroll it. */
export function TableWrap({
  label,
  children,
  minWidth = 'min-w-[36rem]',
}: {
  label: string;
  children: ReactNode;
  minWidth?: string;
}) {
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>{children}</table>
    </div>
  );
}

export const th =
  'border-b border-stone-200 bg-stone-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-stone-600';
export const td = 'border-b border-stone-100 px-3 py-2 align-middle text-stone-800';
/** Tighter cells for the widest table (products). */
export const thDense = th.replace('px-3', 'px-2');
export const tdDense = td.replace('px-3', 'px-2');
/** The actions column stays in view while a wide table scrolls sideways. */
// Only from md up: on a phone a pinned actions column would cover the names it acts on.
export const stickyEnd = 'md:sticky md:right-0 md:shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.15)]';

export type BadgeTone = 'green' | 'red' | 'yellow' | 'grey' | 'teal' | 'blue';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    red: 'bg-red-100 text-red-900',
    yellow: 'bg-amber-100 text-amber-900',
    grey: 'bg-stone-200 text-stone-800',
    teal: 'bg-teal-100 text-teal-900',
    blue: 'bg-sky-100 text-sky-900',
  };
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>
  );
}

export function Pager({
  page,
  pages,
  onPage,
  label = 'Pagination',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2">
      <button type="button" className={buttonStyles.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <p className="text-sm text-stone-700" aria-live="polite">{`Page ${page} of ${pages}`}</p>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Shown above a form when the server refused it (docs/product.md#error-catalogue). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}

const control =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500 aria-[invalid=true]:border-red-700 disabled:bg-stone-100 pointer-coarse:min-h-11';
const labelStyle = 'mb-1 block text-sm font-medium text-stone-800';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** What the control of a field gets: its id, the shared look and the ids of the messages that describe it. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The label, hint and message around one control; the caller renders the control with the props it is given. */
function Field({
  label,
  error,
  hint,
  className = '',
  id,
  children,
}: FieldProps & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelStyle}>
        {label}
      </label>
      {children({
        id: inputId,
        className: control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(inputId, error, hint),
      })}
      <FieldMessages id={inputId} error={error} hint={hint} />
    </div>
  );
}

export function TextField({ label, error, hint, className, id, ...props }: FieldProps & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <input {...control} {...props} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <textarea rows={4} {...control} {...props} />}
    </Field>
  );
}

export function SelectField({ label, error, hint, className, id, ...props }: FieldProps & ComponentProps<'select'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <select {...control} {...props} />}
    </Field>
  );
}

/** One option per value, the value as its text (e.g. the roles). */
export function Options({ values }: { values: readonly string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}

export function CheckboxField({
  label,
  error,
  className = '',
  id,
  ...props
}: Omit<FieldProps, 'hint'> & ComponentProps<'input'>) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="checkbox"
          className="size-4 rounded border-stone-400 accent-teal-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error)}
          {...props}
        />
        <label htmlFor={inputId} className="text-sm text-stone-800">
          {label}
        </label>
      </div>
      <FieldMessages id={inputId} error={error} />
    </div>
  );
}
