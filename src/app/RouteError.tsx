import { type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../ui/Notice';
import { Button } from '../ui/Button';

const CHUNK_FAILURE = /Loading chunk|dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** The id of the chunk a failed dynamic import named, for 'Loading chunk {id} failed' (spec §8). */
export function chunkIdOf(message: string): string | undefined {
  if (!CHUNK_FAILURE.test(message)) return undefined;
  return /assets\/([\w.-]+?)\.(?:js|css)/.exec(message)?.[1] ?? /chunk (\S+)/i.exec(message)?.[1] ?? '?';
}

/** A chunk that fails to load (patchy data) or a page that throws: say so plainly and offer a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const chunk = chunkIdOf(error instanceof Error ? error.message : String(error));
  return (
    <Notice icon="wifiOff" title={chunk ? t('errors.chunkLoad', { id: chunk }) : t('errors.pageCrashed')} role="alert">
      <Button onClick={() => (chunk ? location.reload() : reset())}>{t('common.retry')}</Button>
    </Notice>
  );
}
