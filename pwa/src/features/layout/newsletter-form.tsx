import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-error';
import { useEarlyInput } from '../../lib/hydration/use-early-input';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One POST and its outcome: plain state, so the footer on every public page loads no query library. */
type Subscription = 'idle' | 'sending' | 'subscribed' | 'offline' | 'refused';

export function NewsletterForm() {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { ref: formRef, submitProps } = useEarlyInput<HTMLFormElement>();
  const [subscription, setSubscription] = useState<Subscription>('idle');
  const sending = subscription === 'sending';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const address = email.trim();
    if (!emailPattern.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSubscription('sending');
    try {
      // ky loads when an address is sent: the footer is on every public page's first load.
      const { subscribeToNewsletter } = await import('./api/newsletter');
      await subscribeToNewsletter(address);
      setEmail('');
      setSubscription('subscribed');
    } catch (error) {
      setSubscription(error instanceof ApiError && error.status === 0 ? 'offline' : 'refused');
    }
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
          <Button type="submit" busy={sending} {...submitProps}>
            {sending ? t('footer.subscribing') : t('footer.subscribe')}
          </Button>
        }
      />
      <p className="newsletter__status" role="status">
        {subscription === 'subscribed' && t('footer.subscribed')}
        {subscription === 'offline' && t('errors.network')}
        {subscription === 'refused' && t('footer.subscribeFailed')}
      </p>
    </form>
  );
}
