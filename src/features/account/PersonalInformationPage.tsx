import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/instance';
import { InfoList } from '../../ui/InfoList';
import { PageLayout } from '../../ui/PageLayout';
import { isOfAge, manilaDate } from '../../contract/people';
import { showDialog, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { PageSkeleton } from '../../ui/Skeleton';
import styles from '../../ui/Profile.module.css';
import { useMe } from './useMe';

/**
 * /personalInformation: name, date of birth, gender, email and address on file. The full identity form
 * (IDs, occupation, source of income) belongs to identity verification.
 */
export function PersonalInformationPage() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [birthday, setBirthday] = useState('');
  const [saving, setSaving] = useState(false);
  if (!me) return <PageSkeleton label={t('common.loading')} />;

  const saveBirthday = async () => {
    if (!isOfAge(birthday, new Date())) {
      showDialog({ title: t('dialog.TIPS'), message: t('errors.underAge'), confirm: { label: t('common.ok') } });
      return;
    }
    setSaving(true);
    try {
      await api.call('main', 'customer/updateCustomerBirthday', { birthday });
      await queryClient.invalidateQueries({ queryKey: ['main', 'customer/getByLoginName'] });
      showToast('success', t('profile.saved'));
    } catch {
      // told by the API client
    } finally {
      setSaving(false);
    }
  };

  const [y, m, d] = manilaDate(new Date()).split('-');
  return (
    <PageLayout flush>
      <InfoList
        rows={[
          { label: t('profile.realName'), value: me.realName || t('profile.fromKyc') },
          { label: t('profile.birthday'), value: me.birthday ?? t('profile.notSet') },
          {
            label: t('profile.gender'),
            value: me.gender ? t(me.gender === 'M' ? 'profile.male' : 'profile.female') : t('profile.notSet'),
            to: '/userinfo',
          },
          { label: t('profile.email'), value: me.email || t('profile.notSet'), to: '/changeEmail' },
          { label: t('profile.address'), value: me.address || t('profile.notSet'), to: '/myAddress' },
        ]}
      />
      {!me.birthday && (
        <div className={styles.form}>
          <TextField
            type="date"
            label={t('auth.birthday')}
            hint={t('auth.birthdayHint')}
            max={`${Number(y) - 21}-${m}-${d}`}
            value={birthday}
            onChange={(e) => setBirthday(e.target.value)}
          />
          <Button block busy={saving} disabled={!birthday} onClick={() => void saveBirthday()}>
            {t('profile.save')}
          </Button>
        </div>
      )}
    </PageLayout>
  );
}
