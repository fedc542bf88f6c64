import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { api } from '../../api/instance';
import { CheckField, PhoneField, useFieldError } from '../../ui/FormFields';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { addressSchema } from '../../contract/forms';
import { showDialog, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Sheet } from '../../ui/Sheet';
import { PageSkeleton } from '../../ui/Skeleton';
import { type Address, addressesQuery } from './api';
import styles from './Address.module.css';

type AddressForm = z.input<typeof addressSchema>;

function AddAddressSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const form = useForm<AddressForm>({
    resolver: standardSchemaResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: { recipient: '', phone: '', province: '', city: '', postalCode: '', line: '', isDefault: false },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api.call('main', 'customer/addAddress', values);
      await queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey });
      showToast('success', t('profile.saved'));
      onClose();
    } catch {
      // told by the API client
    }
  });
  return (
    <Sheet title={t('address.add')} closeLabel={t('common.close')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('address.recipient')}
          autoComplete="name"
          error={fieldError(errors.recipient)}
          {...form.register('recipient')}
        />
        <PhoneField
          label={t('auth.phone')}
          placeholder={t('auth.phonePlaceholder')}
          error={fieldError(errors.phone)}
          {...form.register('phone')}
        />
        <TextField label={t('address.line')} autoComplete="street-address" error={fieldError(errors.line)} {...form.register('line')} />
        <TextField label={t('address.city')} autoComplete="address-level2" error={fieldError(errors.city)} {...form.register('city')} />
        <TextField
          label={t('address.province')}
          autoComplete="address-level1"
          error={fieldError(errors.province)}
          {...form.register('province')}
        />
        <TextField
          label={t('address.postalCode')}
          inputMode="numeric"
          maxLength={4}
          autoComplete="postal-code"
          error={fieldError(errors.postalCode)}
          {...form.register('postalCode')}
        />
        <CheckField label={t('address.makeDefault')} {...form.register('isDefault')} />
        <Button type="submit" block busy={isSubmitting}>
          {t('profile.save')}
        </Button>
      </form>
    </Sheet>
  );
}

function AddressCard({ address }: { address: Address }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = () =>
    showDialog({
      title: t('address.deleteTitle'),
      message: t('address.deleteMessage'),
      confirm: {
        label: t('address.delete'),
        action: () =>
          void api
            .call('main', 'customer/deleteAddress', { id: address.id })
            .then(() => queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey }))
            .catch(() => undefined),
      },
      cancel: { label: t('common.cancel') },
    });
  return (
    <li className={styles.card}>
      <div className={styles.top}>
        <strong>{address.recipient}</strong>
        <span className={styles.phone}>{address.phone}</span>
        {address.isDefault && <span className={styles.default}>{t('address.default')}</span>}
      </div>
      <p className={styles.text}>
        {address.line}, {address.city}, {address.province} {address.postalCode}
      </p>
      <button type="button" className={styles.delete} onClick={remove}>
        {t('address.delete')}
      </button>
    </li>
  );
}

/** /myAddress: the player's addresses, ten a page (spec §7), add and delete. */
export function AddressPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(addressesQuery);
  const addresses = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <PageLayout flush>
      {isPending ? (
        <PageSkeleton label={t('common.loading')} />
      ) : addresses.length === 0 ? (
        <Notice icon="home" title={t('address.emptyTitle')} description={t('address.emptyBody')} />
      ) : (
        <ul className={styles.list}>
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        {hasNextPage && (
          <Button variant="secondary" block busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('common.loadMore')}
          </Button>
        )}
        <Button block onClick={() => setAdding(true)}>
          {t('address.add')}
        </Button>
      </div>
      {adding && <AddAddressSheet onClose={() => setAdding(false)} />}
    </PageLayout>
  );
}
