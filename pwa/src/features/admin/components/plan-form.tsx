import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createPlanSchema, planLimits, translatedLanguages } from '../../../../../api/contracts/admin-plans';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { TextArea, TextField } from '../../../components/ui/text-field';
import { LANGUAGES } from '../../../config/languages';
import type { AdminPlan, PlanDraft } from '../api/plans';

type Field = 'name' | 'amountLabel' | 'description' | 'roiPercent' | 'minDeposit' | 'maxDeposit' | 'durationHours';
type FieldErrors = Partial<Record<Field | 'presets' | 'translations', string>>;

type FormState = Omit<PlanDraft, 'durationHours' | 'presets'> & { durationHours: string; presets: string };

const blank: FormState = {
  name: '',
  names: {},
  amountLabel: '',
  description: '',
  descriptions: {},
  roiPercent: '',
  minDeposit: '',
  maxDeposit: '',
  durationHours: '',
  miner: true,
  presets: '',
};

const fromPlan = (plan: AdminPlan): FormState => ({
  name: plan.name,
  names: { ...plan.names } as Record<string, string>,
  amountLabel: plan.amountLabel,
  description: plan.description,
  descriptions: { ...plan.descriptions } as Record<string, string>,
  roiPercent: String(plan.roiPercent),
  minDeposit: String(plan.minDeposit),
  maxDeposit: plan.maxDeposit === null ? '' : String(plan.maxDeposit),
  durationHours: String(plan.durationHours),
  miner: plan.miner,
  presets: plan.presets.join(', '),
});

export const toDraft = (form: FormState): PlanDraft => ({
  ...form,
  durationHours: Number(form.durationHours.trim() || Number.NaN),
  presets: form.presets.split(/[\s,;]+/).filter(Boolean),
});

/** The fields the shared schema refuses, by the form's own names (presets.3 → presets, names.fr → translations). */
function invalidFields(issuePaths: PropertyKey[][]): Set<keyof FieldErrors> {
  return new Set(
    issuePaths.map(([first]) =>
      first === 'names' || first === 'descriptions' ? 'translations' : (String(first) as keyof FieldErrors),
    ),
  );
}

type PlanFormProps = {
  /** The plan being edited; none for a new plan. */
  plan?: AdminPlan;
  busy: boolean;
  /** Field names the server refused (its `errors`), shown beside the fields. */
  serverErrors: string[];
  onSubmit: (draft: PlanDraft) => void;
  onCancel: () => void;
};

/**
 * Create or edit a plan: every field of the spec's plan plus a short description, and names and descriptions per
 * language. Checked with the API's own schema before sending, messages in the admin's language.
 */
export function PlanForm({ plan, busy, serverErrors, onSubmit, onCancel }: PlanFormProps) {
  const { t } = useTranslation('admin-plans');
  const [form, setForm] = useState<FormState>(plan ? fromPlan(plan) : blank);
  const [language, setLanguage] = useState<string>(translatedLanguages[0]!);
  const [refused, setRefused] = useState<Set<keyof FieldErrors>>(new Set());
  const shown = new Set([...refused, ...invalidFields(serverErrors.map((field) => field.split('.')))]);
  const error = (field: keyof FieldErrors) => (shown.has(field) ? t(`errors.${field}`) : undefined);

  const set = (field: Field | 'presets') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const setTranslation = (key: 'names' | 'descriptions') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: { ...current[key], [language]: event.target.value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = toDraft(form);
    const checked = createPlanSchema.safeParse(draft);
    const invalid = checked.success
      ? new Set<keyof FieldErrors>()
      : invalidFields(checked.error.issues.map((i) => i.path));
    setRefused(invalid);
    if (invalid.size === 0) onSubmit(draft);
  };

  const given = translatedLanguages.filter((code) => form.names[code]?.trim() || form.descriptions[code]?.trim());
  const languageName = (code: string) => LANGUAGES.find((entry) => entry.code === code)?.name ?? code;

  return (
    <Card as="section" className="admin-form-card plan-form" aria-labelledby="plan-form-title">
      <h2 id="plan-form-title">{plan ? t('form.editTitle', { name: plan.name }) : t('form.createTitle')}</h2>
      {plan && <p>{t('form.termsNotice')}</p>}
      <form className="admin-form" onSubmit={submit} noValidate>
        {shown.size > 0 && (
          <p className="admin-message admin-message--error" role="alert">
            {t('errors.form')}
          </p>
        )}
        <TextField
          label={t('form.name')}
          dir="auto"
          required
          maxLength={planLimits.nameMax}
          value={form.name}
          error={error('name')}
          onChange={set('name')}
        />
        <div className="plan-form__grid">
          <TextField
            label={t('form.roi')}
            inputMode="decimal"
            required
            value={form.roiPercent}
            error={error('roiPercent')}
            onChange={set('roiPercent')}
          />
          <TextField
            label={t('form.duration')}
            inputMode="numeric"
            required
            hint={t('form.durationHint')}
            value={form.durationHours}
            error={error('durationHours')}
            onChange={set('durationHours')}
          />
          <TextField
            label={t('form.minDeposit')}
            inputMode="decimal"
            required
            value={form.minDeposit}
            error={error('minDeposit')}
            onChange={set('minDeposit')}
          />
          <TextField
            label={t('form.maxDeposit')}
            inputMode="decimal"
            hint={t('form.maxDepositHint')}
            value={form.maxDeposit}
            error={error('maxDeposit')}
            onChange={set('maxDeposit')}
          />
        </div>
        <TextField
          label={t('form.presets')}
          inputMode="decimal"
          required
          hint={t('form.presetsHint')}
          value={form.presets}
          error={error('presets')}
          onChange={set('presets')}
        />
        <Checkbox
          label={t('form.miner')}
          checked={form.miner}
          onChange={(event) => setForm((current) => ({ ...current, miner: event.target.checked }))}
        />
        <TextField
          label={t('form.amountLabel')}
          dir="auto"
          maxLength={planLimits.amountLabelMax}
          hint={t('form.amountLabelHint')}
          value={form.amountLabel}
          error={error('amountLabel')}
          onChange={set('amountLabel')}
        />
        <TextArea
          label={t('form.description')}
          dir="auto"
          rows={2}
          maxLength={planLimits.descriptionMax}
          value={form.description}
          error={error('description')}
          onChange={set('description')}
        />
        <fieldset className="plan-form__translations">
          <legend>{t('form.translations')}</legend>
          <p className="field__hint">{t('form.translationsHint')}</p>
          <Select
            label={t('form.language')}
            value={language}
            options={translatedLanguages.map((code) => ({ value: code, label: languageName(code) }))}
            onChange={(event) => setLanguage(event.target.value)}
          />
          <TextField
            key={`name-${language}`}
            label={t('form.translatedName', { language: languageName(language) })}
            lang={language}
            dir="auto"
            maxLength={planLimits.nameMax}
            value={form.names[language] ?? ''}
            error={error('translations')}
            onChange={setTranslation('names')}
          />
          <TextArea
            key={`description-${language}`}
            label={t('form.translatedDescription', { language: languageName(language) })}
            lang={language}
            dir="auto"
            rows={2}
            maxLength={planLimits.descriptionMax}
            value={form.descriptions[language] ?? ''}
            onChange={setTranslation('descriptions')}
          />
          <p className="field__hint" aria-live="polite">
            {given.length > 0
              ? t('form.given', { languages: given.map(languageName).join(', ') })
              : t('form.noneGiven')}
          </p>
        </fieldset>
        <div className="plan-form__actions">
          <Button type="submit" busy={busy}>
            {busy ? t('form.saving') : plan ? t('form.save') : t('form.create')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
