import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/instance';
import { Avatar } from '../../ui/Avatar';
import { InfoList } from '../../ui/InfoList';
import { PageLayout } from '../../ui/PageLayout';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../stores/ui';
import { PageSkeleton } from '../../ui/Skeleton';
import styles from '../../ui/Profile.module.css';
import { useMe } from './useMe';

/** /userinfo (and /infomation): the player's profile, each line leading to where it is changed. */
export function UserInfoPage() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  if (!me) return <PageSkeleton label={t('common.loading')} />;
  const setGender = async (gender: 'M' | 'F') => {
    await api.call('main', 'customer/updateCustomerGender', { gender });
    await queryClient.invalidateQueries({ queryKey: ['main', 'customer/getByLoginName'] });
    showToast('success', t('profile.saved'));
  };
  return (
    <PageLayout flush>
      <div className={styles.hero}>
        {/* Named by its hint ('Change picture'); the picture is decoration. */}
        <Link to="/avatar" className={styles.avatarLink}>
          <Avatar src={me.avatar} name={me.nickName || me.loginName} size={84} />
          <span className={styles.avatarHint}>{t('account.changeAvatar')}</span>
        </Link>
      </div>
      <InfoList
        rows={[
          { label: t('profile.nickName'), value: me.nickName, to: '/modifyNickName' },
          {
            label: t('profile.loginName'),
            value: me.loginName,
            actionLabel: t('common.copy'),
            onPress: () =>
              void copyText(me.loginName).then((ok) =>
                showToast(ok ? 'success' : 'fail', t(ok ? 'common.copySuccess' : 'common.copyFail')),
              ),
          },
          { label: t('profile.mobile'), value: me.mobileNo || t('profile.notSet'), to: me.mobileNo ? '/changePhone' : '/setPhone' },
          { label: t('profile.birthday'), value: me.birthday ?? t('profile.notSet'), to: '/personalInformation' },
        ]}
      />
      <fieldset className={styles.genders}>
        <legend className={styles.legend}>{t('profile.gender')}</legend>
        {(['M', 'F'] as const).map((gender) => (
          <label key={gender} className={styles.gender}>
            <input
              type="radio"
              name="gender"
              checked={me.gender === gender}
              onChange={() => void setGender(gender).catch(() => undefined)}
            />
            <span>{t(gender === 'M' ? 'profile.male' : 'profile.female')}</span>
          </label>
        ))}
      </fieldset>
    </PageLayout>
  );
}
