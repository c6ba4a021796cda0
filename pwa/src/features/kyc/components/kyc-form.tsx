import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { kycDocumentTypes, kycImageFields, type KycImageField } from '../../../../../api/contracts/kyc';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { countryOptions } from '../../../lib/countries';
import { kycKeys, submitKyc } from '../api/kyc';

// Phones open the back camera for the document and the front one for the selfie.
const cameraFor: Record<KycImageField, 'environment' | 'user'> = {
  documentFront: 'environment',
  documentBack: 'environment',
  selfie: 'user',
};

/** The identity form: the fields the operator reviews and three photos, sent as one multipart request. */
export function KycForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useTranslation('kyc');
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: (form: FormData) => submitKyc(form, key),
    onSuccess: async () => {
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: kycKeys.status });
      onSent();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.errors);
      // A refused request is not kept: what is corrected is a new request.
      if (error instanceof ApiError && error.status !== 0) setKey(crypto.randomUUID());
    },
  });
  const failure = mutation.error instanceof ApiError ? mutation.error : null;
  const message = failure ? (failure.status === 0 ? t('form.offline') : failure.message) : null;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(new FormData(event.currentTarget));
  };

  return (
    <form className="kyc-form" onSubmit={send} noValidate>
      <TextField
        label={t('form.legalName')}
        hint={t('form.legalNameHint')}
        name="legalName"
        autoComplete="name"
        required
        maxLength={200}
        error={errors.legalName}
      />
      <TextField
        label={t('form.dateOfBirth')}
        name="dateOfBirth"
        type="date"
        autoComplete="bday"
        required
        error={errors.dateOfBirth}
      />
      <Select
        label={t('form.country')}
        name="country"
        required
        placeholder={t('form.choose')}
        defaultValue=""
        options={countryOptions(i18n.language)}
        error={errors.country}
      />
      <Select
        label={t('form.documentType')}
        name="documentType"
        required
        placeholder={t('form.choose')}
        defaultValue=""
        options={kycDocumentTypes.map((type) => ({ value: type, label: t(`documentTypes.${type}`) }))}
        error={errors.documentType}
      />
      <TextField
        label={t('form.documentNumber')}
        name="documentNumber"
        required
        maxLength={50}
        autoComplete="off"
        dir="ltr"
        error={errors.documentNumber}
      />
      {kycImageFields.map((field) => (
        <div className="field" key={field}>
          <label className="field__label" htmlFor={`kyc-${field}`}>
            {t(`form.images.${field}`)}
          </label>
          <input
            id={`kyc-${field}`}
            className="field__control"
            type="file"
            name={field}
            accept="image/jpeg,image/png"
            capture={cameraFor[field]}
            required
            aria-describedby={`kyc-${field}-hint${errors[field] ? ` kyc-${field}-error` : ''}`}
          />
          <span id={`kyc-${field}-hint`} className="field__hint">
            {t(`form.imageHints.${field}`)}
          </span>
          {errors[field] && (
            <span id={`kyc-${field}-error`} className="field__error" role="alert">
              {errors[field]}
            </span>
          )}
        </div>
      ))}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <p className="kyc-form__privacy">{t('form.privacy')}</p>
      <Button type="submit" busy={mutation.isPending}>
        {mutation.isPending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
