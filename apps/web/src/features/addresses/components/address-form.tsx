import { zodResolver } from '@hookform/resolvers/zod';
import { addressInputSchema, MAP_FIELDS, type Address, type AddressInput } from '@store/contracts/address';
import { HOME_PHONE_PREFIXES } from '@store/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { MapPinIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { messageText } from '../../../lib/form-messages';
import { createAddress, updateAddress } from '../api/address-writes';
import { ADDRESSES_KEY, deliveryZonesQueryOptions } from '../api/addresses';
import { GEOCODE_FAILED, reverseGeocode } from '../api/geocode';
import {
  addressToValues,
  emptyAddressValues,
  mapLabel,
  matchZone,
  type AddressFormValues,
} from '../address-values';
import { useAddressesTranslation } from '../i18n';
import { SelectField, TextAreaField, TextField } from './form-controls';
import type { LatLng } from './location-map';

// Leaflet (about 40 KB) arrives with the map, only on this form.
const LocationMap = lazy(() => import('./location-map'));

const TEXT_FIELDS = ['label', 'street_name', 'building', 'floor', 'apartment', 'district'] as const;
const FORM_FIELDS = [
  ...TEXT_FIELDS,
  'governorate',
  'instructions',
  'number_type',
  'phone_number',
  'city_code',
] as const;

// The schema takes anything (its fields are preprocessed: trimmed, Arabic digits made Latin) and gives AddressInput.
const resolver = zodResolver(addressInputSchema as never) as unknown as Resolver<
  AddressFormValues,
  unknown,
  AddressInput
>;

interface Props {
  /** The saved address when editing. */
  address?: Address;
  onSaved(address: Address, kind: 'added' | 'updated'): void;
  onCancel(): void;
}

const isMapField = (f: string) => (MAP_FIELDS as readonly string[]).includes(f);

/**
 * The address form (spec §2, §5): the fields with contracts' rule (the same schema the API validates with), a
 * governorate from the zones we deliver to, an area-code selector for home numbers, and the map. Without a map
 * position and its label the map modal says 'Please choose your location on map'.
 */
export function AddressForm({ address, onSaved, onCancel }: Props) {
  const { t } = useAddressesTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const pageDir = locale === 'ar' ? 'rtl' : 'ltr';
  const qc = useQueryClient();
  const zones = useQuery(deliveryZonesQueryOptions(locale));
  const [mapModal, setMapModal] = useState(false);
  const [errorDialog, setErrorDialog] = useState<string[] | null>(null);
  const [geocoding, setGeocoding] = useState(false);
  const geocodeRun = useRef(0);

  const { register, handleSubmit, control, setValue, getValues, setError, formState } = useForm<
    AddressFormValues,
    unknown,
    AddressInput
  >({
    resolver,
    defaultValues: address ? addressToValues(address) : emptyAddressValues(),
  });
  const [lat, lng, name, numberType] = useWatch({ control, name: ['lat', 'lng', 'name', 'number_type'] });
  const position: LatLng | null = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const err = (f: keyof AddressFormValues) => messageText(formState.errors[f]?.message);

  // The governorate is shown by the name of its zone in the shopper's language (a saved one may be in the other).
  const zoneList = zones.data;
  useEffect(() => {
    if (!zoneList) return;
    const current = getValues('governorate');
    const zone = matchZone(zoneList, current);
    if (zone && zone.name !== current) setValue('governorate', zone.name);
  }, [zoneList, getValues, setValue]);

  const pickPosition = useCallback(
    (p: LatLng) => {
      setValue('lat', p.lat, { shouldDirty: true });
      setValue('lng', p.lng, { shouldDirty: true });
      setValue('name', '');
      const run = ++geocodeRun.current;
      setGeocoding(true);
      void reverseGeocode(p.lat, p.lng).then((r) => {
        if (run !== geocodeRun.current) return;
        setGeocoding(false);
        setValue('name', r.name, { shouldDirty: true });
        // The geocoder's governorate fills an empty choice when we deliver there.
        const zone = zoneList && matchZone(zoneList, r.governorate);
        if (zone && !getValues('governorate'))
          setValue('governorate', zone.name, { shouldValidate: formState.isSubmitted });
      });
    },
    [setValue, getValues, zoneList, formState.isSubmitted],
  );

  const save = useMutation({
    mutationFn: (input: AddressInput) => (address ? updateAddress(address.id, input) : createAddress(input)),
    onSuccess: async (saved) => {
      await qc.invalidateQueries({ queryKey: [ADDRESSES_KEY] });
      onSaved(saved, address ? 'updated' : 'added');
    },
    onError: (e) => {
      // Spec §8: messages under the `address` key go to a modal, field messages under their fields.
      if (!(e instanceof ApiError)) return setErrorDialog([t('common:error')]);
      const rest: string[] = [];
      const fields = e.fieldErrors;
      let map = false;
      for (const [field, messages] of Object.entries(fields)) {
        if ((FORM_FIELDS as readonly string[]).includes(field))
          setError(field as keyof AddressFormValues, { type: 'server', message: messages.join(' ') });
        else if (isMapField(field)) map = true;
        else rest.push(...messages);
      }
      if (!Object.keys(fields).length) rest.push(...e.messages);
      if (map) setMapModal(true);
      else if (rest.length) setErrorDialog(rest);
    },
  });

  const onInvalid = (errors: FieldErrors<AddressFormValues>) => {
    if (MAP_FIELDS.some((f) => errors[f])) setMapModal(true);
  };

  const zoneNames = new Set((zoneList ?? []).map((z) => z.name));
  const governorate = useWatch({ control, name: 'governorate' });

  return (
    <form
      onSubmit={handleSubmit((v) => save.mutate(v), onInvalid)}
      noValidate
      className="flex flex-col gap-6"
      data-testid="address-form"
    >
      <section aria-labelledby="address-map-title" className="flex flex-col gap-2">
        <h2 id="address-map-title" className="flex items-center gap-2 text-lg font-bold">
          <MapPinIcon size={20} /> {t('map.title')}
        </h2>
        <Suspense
          fallback={
            <div
              className="flex items-center justify-center rounded-xl border border-slate-300 bg-slate-100"
              style={{ height: 500 }}
            >
              <Spinner />
            </div>
          }
        >
          <LocationMap position={position} onPick={pickPosition} />
        </Suspense>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm" aria-live="polite" data-testid="map-label">
          <span className="font-semibold">{t('map.selected')}: </span>
          {(() => {
            const label = mapLabel({ geocoding, position, name, failed: GEOCODE_FAILED });
            return 'key' in label ? t(label.key) : label.text;
          })()}
        </p>
      </section>

      <section aria-labelledby="address-details-title" className="flex flex-col gap-4">
        <h2 id="address-details-title" className="text-lg font-bold">
          {t('form.details')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.label')}
            hint={t('fields.labelHint')}
            maxLength={50}
            autoComplete="off"
            {...register('label')}
            error={err('label')}
          />
          <SelectField
            label={t('fields.governorate')}
            {...register('governorate')}
            error={err('governorate')}
            disabled={zones.isPending}
          >
            <option value="">{t('fields.governoratePlaceholder')}</option>
            {governorate && !zoneNames.has(governorate) && <option value={governorate}>{governorate}</option>}
            {(zoneList ?? []).map((z) => (
              <option key={z.id} value={z.name}>
                {z.name}
              </option>
            ))}
          </SelectField>
          {zones.isError && (
            <p className="text-sm text-red-700 sm:col-start-2">
              {t('errors.zones')}{' '}
              <button type="button" className="font-semibold underline" onClick={() => void zones.refetch()}>
                {t('common:retry')}
              </button>
            </p>
          )}
          <TextField
            label={t('fields.district')}
            maxLength={50}
            autoComplete="address-level3"
            {...register('district')}
            error={err('district')}
          />
          <TextField
            label={t('fields.street_name')}
            maxLength={50}
            autoComplete="address-line1"
            {...register('street_name')}
            error={err('street_name')}
          />
          <TextField
            label={t('fields.building')}
            maxLength={50}
            {...register('building')}
            error={err('building')}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField label={t('fields.floor')} maxLength={50} {...register('floor')} error={err('floor')} />
            <TextField
              label={t('fields.apartment')}
              maxLength={50}
              {...register('apartment')}
              error={err('apartment')}
            />
          </div>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('fields.number_type')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['mobile', 'home'] as const).map((type) => (
              <label key={type} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  value={type}
                  {...register('number_type', {
                    onChange: () => {
                      if (!getValues('city_code')) setValue('city_code', HOME_PHONE_PREFIXES[0]);
                    },
                  })}
                  className="size-4 accent-brand-700"
                />
                {t(`fields.${type}`)}
              </label>
            ))}
          </div>
          {err('number_type') && (
            <p role="alert" className="text-sm text-red-700">
              {err('number_type')}
            </p>
          )}
        </fieldset>

        {/* Area code then number, left to right as phone numbers are written; each label keeps the page's direction. */}
        <div className="flex flex-wrap items-start gap-3" dir="ltr">
          {numberType === 'home' && (
            <div className="w-28 shrink-0" dir={pageDir}>
              <SelectField
                label={t('fields.city_code')}
                {...register('city_code')}
                error={err('city_code')}
                dir="ltr"
              >
                {HOME_PHONE_PREFIXES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <div className="min-w-0 flex-1 basis-48" dir={pageDir}>
            <TextField
              label={t('fields.phone_number')}
              type="tel"
              inputMode="numeric"
              autoComplete={numberType === 'home' ? 'off' : 'tel-national'}
              dir="ltr"
              {...register('phone_number')}
              error={err('phone_number')}
            />
          </div>
        </div>

        <TextAreaField
          label={t('fields.instructions')}
          rows={3}
          maxLength={500}
          {...register('instructions')}
          error={err('instructions')}
        />
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="address-save">
          {save.isPending && <Spinner size={18} className="text-white" />}
          {t('form.save')}
        </Button>
      </div>

      <Dialog open={mapModal} onOpenChange={setMapModal} title={t('map.requiredTitle')}>
        <p className="text-slate-700" data-testid="map-required">
          {t('map.required')}
        </p>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setMapModal(false)}>{t('common:close')}</Button>
        </div>
      </Dialog>
      <Dialog
        open={errorDialog !== null}
        onOpenChange={(o) => !o && setErrorDialog(null)}
        title={t('errors.title')}
      >
        <ul className="space-y-1 text-slate-700" data-testid="address-errors">
          {(errorDialog ?? []).map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setErrorDialog(null)}>{t('errors.tryAgain')}</Button>
        </div>
      </Dialog>
    </form>
  );
}
