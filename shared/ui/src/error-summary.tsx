import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Heading } from '@radix-ui/themes/components/heading';
import { Text } from '@radix-ui/themes/components/text';
import { useTranslation } from '@entry/i18n';
import { useFormContext, useFormState, type FieldErrors, type FieldValues } from 'react-hook-form';
import './error-summary.css';
import './locales.ts';

/** The ids of a form's controls by field name, which their inputs register for the summary's links. */
const FieldIdsContext = createContext<Map<string, string> | null>(null);

/** Tells the form's error summary which element a field's link goes to. */
export const useFieldIdForSummary = (name: string, id: string): void => {
  const ids = useContext(FieldIdsContext);
  useEffect(() => {
    ids?.set(name, id);
    return () => void ids?.delete(name);
  }, [ids, name, id]);
};

export const FieldIdsProvider = ({ children }: { children: ReactNode }) => {
  const [ids] = useState(() => new Map<string, string>());
  return <FieldIdsContext value={ids}>{children}</FieldIdsContext>;
};

type Problem = { name: string; message: string };

/** A field's error (`setError` may leave out its type), as against a group of nested fields' errors. */
const isFieldError = (value: unknown): value is { message?: unknown; type?: unknown } =>
  typeof value === 'object' && value !== null && ('type' in value || 'message' in value);

/** The form's field errors with a message, in the order of the fields (`student.username` for nested ones). */
const fieldProblems = (errors: FieldErrors, prefix = ''): Problem[] =>
  Object.entries(errors).flatMap(([key, value]): Problem[] => {
    if (!prefix && key === 'root') return [];
    const name = `${prefix}${key}`;
    if (isFieldError(value)) return typeof value.message === 'string' && value.message ? [{ name, message: value.message }] : [];
    return typeof value === 'object' && value !== null ? fieldProblems(value as FieldErrors, `${name}.`) : [];
  });

/** The form's own problems, not a field's (`setError('root.server', ...)`: a server's refusal, say). */
const rootProblems = (errors: FieldErrors): string[] => {
  const root = errors.root as (Record<string, unknown> & { message?: unknown }) | undefined;
  if (!root) return [];
  const own = typeof root.message === 'string' && root.message ? [root.message] : [];
  const named = Object.values(root).flatMap((entry) => (isFieldError(entry) && typeof entry.message === 'string' && entry.message ? [entry.message] : []));
  return [...own, ...named];
};

/**
 * GOV.UK's error summary at the top of a form: "There is a problem", then each problem, a field's as a
 * link to it. It shows once the form has been sent (a field's message under it shows from its first
 * blur), and whenever the form itself has a problem. It takes the focus when a send ends in problems
 * (the send count moves once the send, the server's answer included, is over) and when a new problem of
 * the form's own arrives (a failed Google sign-in).
 */
export const ErrorSummary = () => {
  const { t } = useTranslation('ui');
  const { setFocus, control } = useFormContext<FieldValues>();
  // Its own subscription: the form's owner need not re-render for the summary to follow the errors.
  const { errors, submitCount } = useFormState({ control });
  const ids = useContext(FieldIdsContext);
  const element = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const roots = rootProblems(errors);
  // In the order of the fields on the page (the order they registered), whatever order they failed in.
  const order = [...(ids?.keys() ?? [])];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const fields = submitCount > 0 ? fieldProblems(errors).sort((a, b) => rank(a.name) - rank(b.name)) : [];
  const shown = roots.length + fields.length > 0;
  const rootKey = roots.join('\n');
  useEffect(() => {
    if (shown) element.current?.focus();
    // Only a new send or a new problem of the form's own moves the focus, never a field's message while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, rootKey]);
  if (!shown) return null;
  return (
    <div ref={element} className="ui-error-summary" tabIndex={-1} role="alert" aria-labelledby={headingId}>
      <Heading as="h2" size="4" id={headingId}>
        {t('form.summary')}
      </Heading>
      <ul>
        {roots.map((message) => (
          <li key={message}>
            <Text>{message}</Text>
          </li>
        ))}
        {fields.map(({ name, message }) => (
          <li key={name}>
            {/* Each problem is a link on its own: a 44 px target (issue 24). */}
            <a
              className="ui-standalone-link"
              href={`#${ids?.get(name) ?? ''}`}
              onClick={(event) => {
                event.preventDefault();
                setFocus(name);
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
