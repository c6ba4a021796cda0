import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { ApiError, apiPost } from '../../lib/api-client';
import { useEarlyInput } from '../../lib/use-early-input';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function NewsletterForm() {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { ref: formRef, submitProps } = useEarlyInput<HTMLFormElement>();
  const subscribe = useMutation({
    mutationFn: (address: string) => apiPost<{ message: string }>('newsletter', { email: address }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!emailPattern.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    subscribe.mutate(address, { onSuccess: () => setEmail('') });
  }

  return (
    <form ref={formRef} className="newsletter" method="post" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('footer.emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={t('footer.emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={invalid ? t('footer.invalidEmail') : undefined}
        action={
          <Button type="submit" busy={subscribe.isPending} {...submitProps}>
            {subscribe.isPending ? t('footer.subscribing') : t('footer.subscribe')}
          </Button>
        }
      />
      <p className="newsletter__status" role="status">
        {subscribe.isSuccess && t('footer.subscribed')}
        {subscribe.isError &&
          (subscribe.error instanceof ApiError && subscribe.error.status === 0
            ? t('errors.network')
            : t('footer.subscribeFailed'))}
      </p>
    </form>
  );
}
