import type { TFunction } from 'i18next';
import type { MenuItem } from '../../ui/MenuList';

/** The help and information pages, in the order the More and Account pages list them. */
export function helpMenu(t: TFunction): MenuItem[] {
  return [
    { to: '/faq', label: t('more.faq'), icon: 'info' },
    { to: '/responsibleGaming', label: t('more.responsibleGaming'), icon: 'shield' },
    { to: '/terms', label: t('more.terms'), icon: 'slip' },
    { to: '/terms-of-use', label: t('more.termsOfUse'), icon: 'slip' },
    { to: '/privacy-policy', label: t('more.privacy'), icon: 'shield' },
    { to: '/liscence', label: t('more.license'), icon: 'shield' },
    { to: '/about-us', label: t('more.about'), icon: 'info' },
    { to: '/pwadownload', label: t('more.install'), icon: 'download' },
  ];
}
