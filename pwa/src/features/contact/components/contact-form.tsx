import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextArea, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { CONTACT_SUBJECTS, submitContactForm, type ContactFormInput } from '../api/submit-contact-form';
import { useEarlyInput } from '../../../lib/hydration/use-early-input';

const emptyForm: ContactFormInput = { fullName: '', email: '', budget: '', subject: '', message: '' };
const SERVER_THANKS = 'Thank you! Your message has been received.';

type Answer = { tone: 'success' | 'error'; text: string } | null;

export function ContactForm() {
  const { t } = useTranslation('contact');
  const [form, setForm] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<Answer>(null);
  const [sending, setSending] = useState(false);
  const { ref: formRef, submitProps } = useEarlyInput<HTMLFormElement>();

  const bind = (name: Exclude<keyof ContactFormInput, 'subject'>) => ({
    name,
    value: form[name],
    error: fieldErrors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  // The spec has no client checks here: the server validates and we show its answer.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setAnswer(null);
    setFieldErrors({});
    try {
      const reply = await submitContactForm(form);
      setAnswer({ tone: 'success', text: reply.message === SERVER_THANKS ? t('form.success') : reply.message });
      setForm(emptyForm);
    } catch (error) {
      setAnswer({ tone: 'error', text: errorText(error) });
      if (error instanceof ApiError && error.status === 400) setFieldErrors(error.errors);
    } finally {
      setSending(false);
    }
  }

  function errorText(error: unknown) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return t('form.failed');
    if (error.status === 429) return t('form.tooMany');
    return Object.keys(error.errors).length > 0 ? t('form.fixErrors') : error.message;
  }

  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t('form.title')}</h2>
      <div className="contact-form__row">
        <TextField label={t('form.fullName')} autoComplete="name" {...bind('fullName')} />
        <TextField label={t('form.email')} type="email" dir="auto" autoComplete="email" {...bind('email')} />
      </div>
      <div className="contact-form__row">
        <TextField label={t('form.budget')} hint={t('form.budgetHint')} {...bind('budget')} />
        <Select
          label={t('form.subject')}
          name="subject"
          placeholder={t('form.subjectNone')}
          options={CONTACT_SUBJECTS.map((subject) => ({ value: subject, label: t(`form.subjects.${subject}`) }))}
          value={form.subject}
          error={fieldErrors.subject}
          onChange={(event) =>
            setForm((current) => ({ ...current, subject: event.target.value as ContactFormInput['subject'] }))
          }
        />
      </div>
      <TextArea label={t('form.message')} rows={6} {...bind('message')} />
      {answer && (
        <p
          className={`contact-form__answer contact-form__answer--${answer.tone}`}
          role={answer.tone === 'error' ? 'alert' : 'status'}
        >
          {answer.text}
        </p>
      )}
      <Button type="submit" size="lg" busy={sending} {...submitProps}>
        {sending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
