import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/instance';
import { Avatar } from '../../ui/Avatar';
import { PageLayout } from '../../ui/PageLayout';
import { resizeImage } from '../../lib/image';
import { updateUser } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { headImagesQuery } from './api';
import styles from '../../ui/Profile.module.css';
import { useMe } from './useMe';

/** /avatar: a preset picture, a photo (resized to 750 px at 0.9 before upload), or none. */
export function AvatarPage() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const { data: presets } = useQuery(headImagesQuery);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const applied = async (avatar: string) => {
    updateUser({ avatar });
    await queryClient.invalidateQueries({ queryKey: ['main', 'customer/getByLoginName'] });
    showToast('success', t('profile.saved'));
  };

  const choose = async (avatar: string) => {
    try {
      await api.call('main', 'customer/modify', { avatar });
      await applied(avatar);
    } catch {
      // told by the API client
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy('upload');
    try {
      const image = await resizeImage(file);
      const answer = await api.call<{ avatar: string }>('main', 'customer/uploadImgFile', { image });
      await applied(answer.avatar);
    } catch (error) {
      if (!(error as { handled?: boolean }).handled) showToast('fail', t('profile.imageUnreadable'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await api.call('main', 'customer/removeAvatar');
      await applied('');
    } catch {
      // told by the API client
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageLayout flush>
      <div className={styles.hero}>
        <Avatar src={me?.avatar ?? ''} name={me?.nickName ?? ''} size={96} />
      </div>
      <div className={styles.grid} role="group" aria-label={t('profile.presets')}>
        {presets?.list.map((src, index) => (
          <button
            key={src}
            type="button"
            className={styles.preset}
            aria-pressed={me?.avatar === src}
            aria-label={t('profile.preset', { number: index + 1 })}
            onClick={() => void choose(src)}
          >
            <img src={src} alt="" width={64} height={64} />
          </button>
        ))}
      </div>
      <div className={styles.actions}>
        <input
          ref={fileInput}
          className={styles.fileInput}
          type="file"
          accept="image/*"
          onChange={(event) => void upload(event)}
          data-testid="avatar-file"
        />
        <Button block busy={busy === 'upload'} onClick={() => fileInput.current?.click()}>
          {t('profile.uploadPhoto')}
        </Button>
        {me?.avatar && (
          <Button variant="ghost" block busy={busy === 'remove'} onClick={() => void remove()}>
            {t('profile.removePhoto')}
          </Button>
        )}
      </div>
    </PageLayout>
  );
}
