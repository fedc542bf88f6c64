import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BetOrder } from '../../contract/betOrder';
import { type BookingCreated, type BookingDropped, bookingLink, normalizeBookingCode, BookingMessage } from '../../contract/booking';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/dates';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { QrCode } from '../../ui/QrCode';
import styles from './Booking.module.css';
import { bookingFailure, createBookingCode, loadBookingCode } from './booking';
import { orderKind } from './rules';
import { betSlip } from './store';

/** 'Home v Away, Over 2.5 (started)', for every selection a code left out. */
export function useDroppedNames(): (dropped: readonly BookingDropped[]) => string {
  const { t } = useTranslation();
  return (dropped) =>
    dropped
      .map((d) => t('booking.droppedItem', { home: d.homeName, away: d.awayName, label: d.label, reason: t(`booking.reason.${d.reason}`) }))
      .join('; ');
}

/** The "Share slip" button and, once a code is made, what to share: the code, its link and QR code. */
export function ShareSlip({ orders, onOpen }: { orders: readonly BetOrder[]; onOpen: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const names = useDroppedNames();
  const [busy, setBusy] = useState(false);
  const [shared, setShared] = useState<BookingCreated | null>(null);
  const [error, setError] = useState('');
  const shareable = orders.filter((order) => orderKind(order) !== 'outright');

  const share = async () => {
    setBusy(true);
    setError('');
    try {
      const created = await createBookingCode(shareable);
      setShared(created);
      onOpen(true);
    } catch (failure) {
      setError(bookingFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!shared) {
    return (
      <div className={styles.shareRow}>
        <Button variant="secondary" size="small" busy={busy} disabled={shareable.length === 0} onClick={() => void share()}>
          {busy ? t('booking.sharing') : t('booking.share')}
        </Button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }

  const link = bookingLink(location.origin, shared.code);
  const copy = async (text: string) => {
    const ok = await copyText(text);
    showToast(ok ? 'success' : 'fail', t(ok ? 'common.copySuccess' : 'common.copyFail'));
  };
  const shareLink = async () => {
    try {
      await navigator.share({ title: t('booking.shareTitle'), text: t('booking.shareText', { code: shared.code }), url: link });
    } catch {
      // The player closed the share sheet.
    }
  };
  const leftOut = [
    ...shared.dropped,
    ...orders
      .filter((order) => orderKind(order) === 'outright')
      .map((order) => ({ reason: 'started' as const, homeName: order.leagueName, awayName: '', label: order.keyEn })),
  ];
  return (
    <section className={styles.share} aria-label={t('booking.shareTitle')} data-testid="booking-share">
      <p className={styles.intro}>{t('booking.shareIntro')}</p>
      <div className={styles.codeBox}>
        <span className={styles.codeLabel}>{t('booking.codeLabel')}</span>
        <output className={styles.code} data-testid="booking-code">
          {shared.code}
        </output>
      </div>
      <QrCode text={link} label={t('booking.qrLabel', { code: shared.code })} testId="booking-qr" />
      <p className={styles.link} data-testid="booking-link">
        {link}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={() => void copy(shared.code)}>
          {t('booking.copyCode')}
        </Button>
        {typeof navigator.share === 'function' ? (
          <Button variant="secondary" size="small" onClick={() => void shareLink()}>
            {t('booking.shareLink')}
          </Button>
        ) : (
          <Button variant="secondary" size="small" onClick={() => void copy(link)}>
            {t('booking.copyLink')}
          </Button>
        )}
      </div>
      <p className={styles.expires}>{t('booking.expires', { time: formatDateTime(shared.expiresAt, i18n.language) })}</p>
      {leftOut.length > 0 && <p className={styles.leftOut}>{t('booking.leftOut', { names: names(leftOut) })}</p>}
      <Button
        variant="ghost"
        onClick={() => {
          setShared(null);
          onOpen(false);
        }}
      >
        {t('booking.backToSlip')}
      </Button>
    </section>
  );
}

/** The field on the slip to type a booking code. */
export function BookingCodeField() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeBookingCode(typed);
    if (!code) return setError(BookingMessage.invalid);
    setBusy(true);
    setError('');
    try {
      await loadBookingCode(code);
      setTyped('');
    } catch (failure) {
      setError(bookingFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.load} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        className={styles.codeInput}
        label={t('booking.loadLabel')}
        placeholder={t('booking.loadPlaceholder')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        error={error || undefined}
        suffix={
          <Button type="submit" variant="secondary" size="small" className={styles.loadButton} busy={busy} disabled={typed.trim() === ''}>
            {busy ? t('booking.loading') : t('booking.load')}
          </Button>
        }
      />
    </form>
  );
}

/** What the last loaded code did: how many selections came at today's prices, and which were left out by name. */
export function BookingNoticeView() {
  const { t } = useTranslation();
  const { bookingNotice: notice } = useSnapshot(betSlip);
  const names = useDroppedNames();
  if (!notice) return null;
  return (
    <div className={styles.notice} role="status" data-testid="booking-notice">
      <div>
        <p>
          {notice.count > 0
            ? t('booking.loaded', { code: notice.code, count: notice.count })
            : t('booking.nothingLoaded', { code: notice.code })}
        </p>
        {notice.dropped.length > 0 && (
          <>
            <p>{t('booking.droppedTitle')}</p>
            <ul className={styles.droppedList}>
              {notice.dropped.map((d, i) => (
                <li key={i}>{names([d])}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <button type="button" className={styles.dismiss} aria-label={t('common.close')} onClick={() => (betSlip.bookingNotice = null)}>
        ×
      </button>
    </div>
  );
}
