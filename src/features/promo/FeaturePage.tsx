import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { events } from '../../api/events';
import { FEATURE_EXPERIMENT, FEATURE_ID } from '../../contract/events';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { featureGroupQuery } from './api';
import styles from './FeaturePage.module.css';

/**
 * /feature (spec §2): an A/B/C page, its version chosen by the device's group (compare/group/assign).
 * The group's exposure is recorded once per session, its offer's exposure (seen on screen) and taps per
 * feature id (feature.A, feature.B, feature.C), so the operator reads each group's conversion on
 * /dev/stats. The versions differ in what they put first; none promises money.
 */
export function FeaturePage() {
  const { t } = useTranslation();
  const { data: group, isError } = useQuery(featureGroupQuery);
  const offer = useRef<HTMLElement>(null);
  const featureId = group && `${FEATURE_ID.experimentOffer}.${group}`;

  useEffect(() => {
    if (!group || !featureId) return;
    events.experiment(FEATURE_EXPERIMENT.name, group);
    return offer.current ? events.exposure(offer.current, featureId) : undefined;
  }, [group, featureId]);

  if (isError) {
    return (
      <PageLayout>
        <Notice icon="tools" title={t('experiments.unavailable')} description={t('experiments.tryAgain')} />
      </PageLayout>
    );
  }
  return (
    <PageLayout>
      {group ? (
        <section ref={offer} className={styles.offer} data-testid="feature-offer" data-group={group}>
          <h2 className={styles.title}>{t(`experiments.${group}.title`)}</h2>
          <p className={styles.body}>{t(`experiments.${group}.body`)}</p>
          <Button
            block
            onClick={() => {
              events.click(featureId!, undefined, 'join');
              openLogin();
            }}
          >
            {t(`experiments.${group}.cta`)}
          </Button>
        </section>
      ) : (
        <Skeleton height={180} />
      )}
    </PageLayout>
  );
}
