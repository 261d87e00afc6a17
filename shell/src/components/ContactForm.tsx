import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CONTACT_LIMITS, type ContactField, type ContactRequest } from '@val/contracts';
import { CONTACT_SENT_TOAST } from '@val/content';
import { HttpError, createValApi } from '@val/client';
import { apiErrorBodySchema, contactFieldErrors } from '@val/contracts/schemas';
import { Button, Input, Spinner, TextArea, t, toast, UntilHydrated } from '@val/ui';

/** The spec's send takes about a second; we make the real call and keep at least this feel. */
export const CONTACT_MIN_SENDING_MS = 1000;

const api = createValApi();
const EMPTY: ContactRequest = { name: '', email: '', subject: '', message: '' };
const ORDER: ContactField[] = ['name', 'email', 'subject', 'message'];

const Form = styled.form`
  display: grid;
  gap: 16px;
  .row {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 16px;
  }
  @media (max-width: 620px) {
    .row {
      grid-template-columns: 1fr;
    }
  }
`;
const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    font-weight: 600;
    font-size: 0.92rem;
  }
  label span {
    color: ${t.danger};
    margin-left: 2px;
  }
`;
const ErrorText = styled.p`
  margin: 0;
  color: ${t.danger};
  font-size: 0.86rem;
  font-weight: 600;
`;

function describeFailure(err: unknown): string {
  if (err instanceof HttpError) {
    try {
      const parsed = apiErrorBodySchema.safeParse(JSON.parse(err.bodyText));
      if (parsed.success && err.status < 500) return parsed.data.error.message;
    } catch {
      /* not JSON */
    }
    return 'Something went wrong on our side. Please try again in a moment.';
  }
  return 'We could not reach the server. Check your connection and try again.';
}

/**
 * The About page's contact form: name, email, subject and message, all required, the email's
 * format checked. Sending stores the message (`POST /api/contact`); on success the spec's toast
 * 'Message Sent!' appears and the fields clear.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactRequest>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [sending, setSending] = useState(false);
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const update = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: contactFieldErrors(next)[field] }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = contactFieldErrors(values);
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    setSending(true);
    try {
      const payload: ContactRequest = {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      };
      await Promise.all([api.call('contact', { body: payload }), new Promise((r) => setTimeout(r, CONTACT_MIN_SENDING_MS))]);
      setValues(EMPTY);
      setErrors({});
      toast({ ...CONTACT_SENT_TOAST, variant: 'success' });
    } catch (err) {
      toast({ title: 'Message not sent', description: describeFailure(err), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const field = (f: ContactField, label: string, kind: 'input' | 'email' | 'textarea', placeholder: string) => {
    const id = `contact-${f}`;
    const common = {
      id,
      name: f,
      value: values[f],
      placeholder,
      required: true,
      maxLength: CONTACT_LIMITS[f],
      disabled: sending,
      $invalid: !!errors[f],
      'aria-invalid': errors[f] ? true : undefined,
      'aria-describedby': errors[f] ? `${id}-error` : undefined,
    };
    return (
      <FieldBox>
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true">*</span>
        </label>
        {kind === 'textarea' ? (
          <TextArea
            {...common}
            rows={6}
            ref={(el) => {
              refs.current[f] = el;
            }}
            onChange={(e) => update(f, e.target.value)}
          />
        ) : (
          <Input
            {...common}
            type={kind === 'email' ? 'email' : 'text'}
            autoComplete={f === 'name' ? 'name' : f === 'email' ? 'email' : 'off'}
            ref={(el) => {
              refs.current[f] = el;
            }}
            onChange={(e) => update(f, e.target.value)}
          />
        )}
        {errors[f] && (
          <ErrorText id={`${id}-error`} role="alert">
            {errors[f]}
          </ErrorText>
        )}
      </FieldBox>
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Contact form" aria-busy={sending} data-testid="contact-form">
      <UntilHydrated>
        <div className="row">
          {field('name', 'Name', 'input', 'Your name')}
          {field('email', 'Email', 'email', 'you@example.com')}
        </div>
        {field('subject', 'Subject', 'input', 'What is it about?')}
        {field('message', 'Message', 'textarea', 'Tell me about your idea, a question, or how I can help.')}
        <div>
          <Button type="submit" disabled={sending} data-testid="contact-submit">
            {sending ? (
              <>
                <Spinner $size={18} aria-hidden="true" />
                Sending...
              </>
            ) : (
              'Send Message'
            )}
          </Button>
        </div>
      </UntilHydrated>
    </Form>
  );
}
