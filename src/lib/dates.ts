import { TIME_ZONE } from '../contract/constants';

/** A moment as 'Nov 20, 14:05' in Manila time, in the player's language. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'cn' ? 'zh-CN' : 'en-PH', {
    timeZone: TIME_ZONE,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}
