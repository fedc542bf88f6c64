import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Attempt } from '../../api/attempt';
import { ApiError } from '../../api/client';
import { balanceQuery } from '../../api/queries';
import { KycStatus } from '../../contract/kycConstants';
import { formatCentavos } from '../../lib/money';
import { kyc } from '../../stores/kyc';
import { isLoggedIn, session } from '../../stores/session';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { mayaBind, mayaDeposit, mayaDepositFlag } from './api';
import { mayaEntry } from './mayaLogin';
import styles from './Partners.module.css';

const PRESETS = [100, 500, 1_000, 5_000];

/**
 * /mayaAccount (MayaStart, issue 36): Panalo's home inside the Maya wallet. The landing's one-time session
 * logged the player in (or was refused: said here); the page shows the linked Maya number, what the
 * operator has open inside Maya (maya/checkDepositFlag), identity verification when it is still to do, and
 * a Maya deposit that opens Maya's checkout in this same view (Maya's web view has no new tabs).
 */
export function MayaStartPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const entry = useSnapshot(mayaEntry);
  if (!isLoggedIn(snap))
    return (
      <PageLayout title={t('partners.maya.title')}>
        {entry.refused ? (
          <Notice icon="info" role="alert" title={t('partners.maya.refusedTitle')} description={entry.refused} />
        ) : (
          <Notice icon="info" title={t('partners.maya.openFromMaya')} description={t('partners.maya.openFromMayaBody')} />
        )}
      </PageLayout>
    );
  return (
    <PageLayout title={t('partners.maya.title')}>
      <MayaHome />
    </PageLayout>
  );
}

function MayaHome() {
  const { t } = useTranslation();
  const balance = useQuery(balanceQuery);
  const bind = useQuery({ queryKey: ['main', 'maya/checkBindV4'], queryFn: mayaBind });
  const flag = useQuery({ queryKey: ['main', 'maya/checkDepositFlag'], queryFn: mayaDepositFlag });
  const status = useSnapshot(kyc).ekycStatus;
  const [amount, setAmount] = useState(500);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState('');
  const attempt = useRef(new Attempt());

  const deposit = async () => {
    setBusy(true);
    setRefused('');
    try {
      const body = { amount: amount * 100 };
      const order = await attempt.current.send(body, (key) => mayaDeposit(body.amount, key));
      // Maya's checkout in this same view: Maya's web view opens no tab and no outside browser.
      if (order.checkoutUrl) location.assign(order.checkoutUrl);
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : t('partners.maya.depositFailed'));
      setBusy(false);
    }
  };

  return (
    <div className={styles.form}>
      <p className={styles.balance}>
        {t('partners.balance')} <strong data-testid="maya-balance">{balance.data ? formatCentavos(balance.data.balance) : '…'}</strong>
      </p>
      {bind.data?.bound && (
        <p className={styles.linked} data-testid="maya-linked">
          {t('partners.maya.linked', { mobile: bind.data.mobile })}
        </p>
      )}
      {status !== KycStatus.Approved && (
        <section className={styles.card} aria-labelledby="maya-kyc">
          <h2 id="maya-kyc" className={styles.cardTitle}>
            {t('partners.maya.kycTitle')}
          </h2>
          <p className={styles.cardText}>{t('partners.maya.kycBody')}</p>
          <Link to="/EKYCAutomation" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            {t('partners.maya.kycAction')}
          </Link>
        </section>
      )}
      {flag.data && !flag.data.deposit ? (
        <p role="alert" className={styles.bad}>
          {flag.data.message}
        </p>
      ) : (
        <>
          <fieldset className={styles.amounts}>
            <legend className={styles.legend}>{t('partners.amount')}</legend>
            {PRESETS.map((pesos) => (
              <button key={pesos} type="button" className={styles.amount} aria-pressed={amount === pesos} onClick={() => setAmount(pesos)}>
                {formatCentavos(pesos * 100)}
              </button>
            ))}
          </fieldset>
          <Button block busy={busy} onClick={() => void deposit()}>
            {t('partners.maya.deposit', { amount: formatCentavos(amount * 100) })}
          </Button>
        </>
      )}
      {refused && (
        <p role="alert" className={styles.bad}>
          {refused}
        </p>
      )}
      <Link to="/wallet-withdraw-app" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
        {t('partners.maya.withdraw')}
      </Link>
    </div>
  );
}
