import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { currentPartner } from '../../stores/origin';
import { isLoggedIn, session } from '../../stores/session';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { PageLayout } from '../../ui/PageLayout';
import styles from './Partners.module.css';

const SECTIONS = ['sports', 'games', 'wallet', 'safe'] as const;

/**
 * /panalo_landingpage (product_landingpage, spec §2 "Partner app", issue 36): where partner traffic lands
 * (a partner's banner, an affiliate's link; the guard has already kept its acquisition parameters and
 * its isFrom). It says what Panalo is, names the partner the player came from when there is one (Panalo
 * runs inside it), and offers what comes next: an account, or for a logged-in player Sports and a deposit
 * (which the guard sends to the partner's own payment page inside a partner host).
 */
export function LandingPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const partner = currentPartner();
  const loggedIn = isLoggedIn(snap);
  return (
    <PageLayout title={t('hosts.landing.title')}>
      <div className={styles.form}>
        <p className={styles.lead}>{t('hosts.landing.lead')}</p>
        {partner && (
          <p className={styles.linked} data-testid="landing-partner">
            {t('hosts.landing.fromPartner', { partner: t(`hosts.landing.partners.${partner}`) })}
          </p>
        )}
        <div className={styles.actions}>
          {loggedIn ? (
            <>
              <Link to="/sports" className={buttonStyles.button}>
                {t('hosts.landing.sports')}
              </Link>
              <Link to="/wallet/deposit" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
                {t('hosts.landing.depositNow')}
              </Link>
            </>
          ) : (
            <>
              <Button block onClick={() => openLogin({ type: 'register' })}>
                {t('hosts.landing.register')}
              </Button>
              <Button block variant="secondary" onClick={() => openLogin({})}>
                {t('hosts.landing.login')}
              </Button>
            </>
          )}
        </div>
        {SECTIONS.map((section) => (
          <section key={section} className={styles.card} aria-labelledby={`landing-${section}`}>
            <h2 id={`landing-${section}`} className={styles.cardTitle}>
              {t(`hosts.landing.${section}Title`)}
            </h2>
            <p className={styles.cardText}>{t(`hosts.landing.${section}Body`)}</p>
          </section>
        ))}
      </div>
    </PageLayout>
  );
}
