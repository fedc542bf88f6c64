import { useState } from 'react';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Choice } from '../../ui/Choice';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { RecordRowContent, SignedAmount, recordStyles } from '../../ui/RecordList';
import { Skeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import styles from './Dev.module.css';

const TABS = ['Sports', 'Casino', 'Wallet'] as const;

/**
 * /demo (development builds only): the design system's pieces (src/ui) as they look and behave in this
 * build, one of each state: buttons (every variant, small, busy, disabled), fields with a hint and an
 * error, choices, tabs and pills, notices, skeletons, record rows with signed amounts, the four toasts
 * of spec §8 and the Tips dialog. For checking a change to the tokens or a primitive on a real phone.
 */
export function DemoPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]>('Sports');
  const [choice, setChoice] = useState<string | null>('gcash');
  const [dialog, setDialog] = useState(false);
  const [name, setName] = useState('');
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.banner}>Development tool: not in production builds.</p>
        <section className={styles.section} aria-labelledby="demo-buttons">
          <h2 id="demo-buttons">Buttons</h2>
          <div className={styles.row}>
            <Button>Primary</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="danger">Danger</Button>
          </div>
          <div className={styles.row}>
            <Button size="small">Small</Button>
            <Button busy>Busy</Button>
            <Button disabled>Disabled</Button>
          </div>
          <Button block>Block</Button>
        </section>
        <section className={styles.section} aria-labelledby="demo-fields">
          <h2 id="demo-fields">Fields and choices</h2>
          <TextField label="Nickname" hint="2 to 16 letters" value={name} onChange={(event) => setName(event.target.value)} />
          <TextField label="Mobile number" prefix="+63" error="Please enter a valid mobile number." defaultValue="0917" />
          <Choice
            legend="Pay with"
            name="demo-pay"
            value={choice}
            options={[
              { value: 'gcash', label: 'GCash' },
              { value: 'maya', label: 'Maya' },
              { value: 'bank', label: 'Bank' },
            ]}
            onChange={setChoice}
          />
        </section>
        <section className={styles.section} aria-labelledby="demo-tabs">
          <h2 id="demo-tabs">Tabs</h2>
          <TabBar label="Demo tabs">
            {TABS.map((value) => (
              <button key={value} type="button" className={tabStyles.tab} aria-pressed={tab === value} onClick={() => setTab(value)}>
                {value}
              </button>
            ))}
          </TabBar>
          <TabBar label="Demo pills" variant="pills">
            {TABS.map((value) => (
              <button key={value} type="button" className={tabStyles.tab} aria-pressed={tab === value} onClick={() => setTab(value)}>
                {value}
              </button>
            ))}
          </TabBar>
        </section>
        <section className={styles.section} aria-labelledby="demo-notices">
          <h2 id="demo-notices">Notices and loading</h2>
          <Notice icon="info" title="Nothing here yet" description="A notice with a description and an action.">
            <Button variant="secondary" size="small">
              Retry
            </Button>
          </Notice>
          <div aria-hidden="true">
            <Skeleton height={18} />
            <Skeleton width="60%" />
          </div>
        </section>
        <section className={styles.section} aria-labelledby="demo-records">
          <h2 id="demo-records">Record rows</h2>
          <ul className={`${recordStyles.list} ${recordStyles.flush}`}>
            <li className={recordStyles.row}>
              <RecordRowContent
                title="Deposit"
                lines={<span className={styles.dim}>GCash · 09:41</span>}
                amount={<SignedAmount centavos={50_000} />}
              />
            </li>
            <li className={recordStyles.row}>
              <RecordRowContent
                title="Bet"
                lines={<span className={styles.dim}>Single · 10:02</span>}
                amount={<SignedAmount centavos={-20_000} />}
              />
            </li>
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="demo-feedback">
          <h2 id="demo-feedback">Toasts and dialogs</h2>
          <div className={styles.row}>
            <Button size="small" variant="secondary" onClick={() => showToast('success', 'Copy successfully')}>
              Success toast
            </Button>
            <Button size="small" variant="secondary" onClick={() => showToast('fail', 'Request timed out')}>
              Fail toast
            </Button>
            <Button size="small" variant="secondary" onClick={() => showToast('info', 'Route has been expired.')}>
              Info toast
            </Button>
            <Button size="small" variant="secondary" onClick={() => setDialog(true)}>
              Tips dialog
            </Button>
          </div>
        </section>
      </div>
      {dialog && (
        <Dialog
          title="Tips"
          message="A warning with Customer Service and OK (spec §8)."
          confirm={{ label: 'OK', onPress: () => setDialog(false) }}
          cancel={{ label: 'Customer Service', onPress: () => setDialog(false) }}
          onDismiss={() => setDialog(false)}
        />
      )}
    </PageLayout>
  );
}
