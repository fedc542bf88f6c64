import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { api } from '../../api/instance';
import { useFieldError } from '../../ui/FormFields';
import { PageLayout } from '../../ui/PageLayout';
import { nickNameSchema } from '../../contract/forms';
import { session, updateUser } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import styles from '../../ui/Profile.module.css';

const schema = z.object({ nickName: nickNameSchema });

/** /modifyNickName: the name other players see. */
export function NickNamePage() {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const fieldError = useFieldError();
  const form = useForm<z.infer<typeof schema>>({
    resolver: standardSchemaResolver(schema),
    mode: 'onTouched',
    defaultValues: { nickName: session.user?.nickName ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ nickName }) => {
    try {
      const answer = await api.call<{ nickName: string }>('main', 'customer/modifyNickName', { nickName });
      updateUser({ nickName: answer.nickName });
      await queryClient.invalidateQueries({ queryKey: ['main', 'customer/getByLoginName'] });
      showToast('success', t('profile.saved'));
      router.history.back();
    } catch {
      // The API client already told the player what went wrong.
    }
  });
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{t('profile.nickNameIntro')}</p>
        <TextField
          label={t('profile.nickName')}
          autoComplete="nickname"
          maxLength={16}
          hint={t('validation.nickName')}
          error={fieldError(errors.nickName)}
          {...form.register('nickName')}
        />
        <Button type="submit" block busy={isSubmitting}>
          {t('profile.save')}
        </Button>
      </form>
    </PageLayout>
  );
}
