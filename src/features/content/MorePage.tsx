import { useTranslation } from 'react-i18next';
import { MenuList } from '../../ui/MenuList';
import { PageLayout } from '../../ui/PageLayout';
import { helpMenu } from './helpMenu';

/** /morepage: help, rules, responsible gaming and company information. */
export function MorePage() {
  const { t } = useTranslation();
  return (
    <PageLayout flush>
      <MenuList heading={t('more.title')} items={helpMenu(t)} />
      <MenuList items={[{ to: '/settings', label: t('more.settings'), icon: 'settings' }]} />
    </PageLayout>
  );
}
