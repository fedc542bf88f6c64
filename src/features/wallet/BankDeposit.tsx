import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resizeImage } from '../../lib/image';
import { Attempt } from '../../api/attempt';
import { formatCentavos } from '../../lib/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageSkeleton } from '../../ui/Skeleton';
import { checkAmount, showAmountError } from './amounts';
import { AmountPicker, useAmountError } from './AmountPicker';
import { type DepositOrder, createBankDeposit, houseBanksQuery, orderQuery, uploadDepositReceipt } from './api';
import { CopyButton } from './CopyButton';
import { DepositOutcome } from './DepositOutcome';
import styles from './Wallet.module.css';

const createdBankOrderKey = (orderNo: string) => ['wallet', 'createdBankOrder', orderNo] as const;

/** Bank transfer, step 1: the house bank to pay into and the amount; the order then opens on /bankorder. */
export function BankDepositStart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const amountError = useAmountError();
  const { data, isPending, isError, refetch } = useQuery(houseBanksQuery);
  const [bankInfoId, setBankInfoId] = useState<number>();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef(new Attempt());

  if (isPending) return <PageSkeleton label={t('common.loading')} lines={4} />;
  if (isError) {
    return (
      <Notice icon="info" title={t('wallet.banksFailed')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  if (data.list.length === 0) return <Notice icon="info" title={t('wallet.noBanks')} />;
  const bank = data.list.find((item) => item.bankInfoId === bankInfoId) ?? data.list[0]!;
  const check = checkAmount(text, bank);

  const submit = async () => {
    setTried(true);
    if (!check.ok) return;
    setBusy(true);
    try {
      const body = { bankInfoId: bank.bankInfoId, amount: check.centavos };
      const order = await attempt.current.send(body, (key) => createBankDeposit(body, key));
      // The account to pay into and the reference come with the new order; the order's record may not repeat them.
      queryClient.setQueryData(createdBankOrderKey(order.orderNo), order);
      void navigate({ to: '/bankorder', search: { orderNo: order.orderNo } });
    } catch {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={styles.sectionTitle}>{t('wallet.houseBank')}</h2>
      <div className={styles.channels} role="radiogroup" aria-label={t('wallet.houseBank')}>
        {data.list.map((item) => (
          <button
            key={item.bankInfoId}
            type="button"
            role="radio"
            className={styles.channel}
            aria-checked={item.bankInfoId === bank.bankInfoId}
            onClick={() => setBankInfoId(item.bankInfoId)}
          >
            <span className={styles.channelText}>
              <span className={styles.channelName}>{item.bankName}</span>
              <span className={styles.dim}>{item.accountName}</span>
            </span>
          </button>
        ))}
      </div>
      <AmountPicker
        text={text}
        onText={setText}
        presets={[]}
        limits={bank}
        error={showAmountError(tried, check) ? amountError(check, bank) : undefined}
      />
      <p className={styles.dim}>{t('wallet.bankSteps')}</p>
      <Button type="submit" block busy={busy}>
        {t('wallet.bankContinue')}
      </Button>
    </form>
  );
}

/** Bank transfer, step 2: the account to pay with copy buttons and the reference, then the receipt. */
export function BankOrderView({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(orderQuery(orderNo));
  const [receipt, setReceipt] = useState<string>();
  // The preview shows the chosen file itself (a blob: address; the policy allows no data: images).
  const [preview, setPreview] = useState<string>();
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);

  if (isPending) return <PageSkeleton label={t('common.loading')} lines={6} />;
  const order = data?.deposit;
  if (isError || !order) {
    return (
      <Notice icon="info" title={t('wallet.orderNotFound')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  if (order.status !== 'pending') return <DepositOutcome order={order} />;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showToast('fail', t('wallet.receiptNotImage'));
      return;
    }
    setReading(true);
    try {
      setReceipt(await resizeImage(file));
      if (preview) URL.revokeObjectURL(preview);
      setPreview(URL.createObjectURL(file));
    } catch {
      showToast('fail', t('wallet.receiptUnreadable'));
    } finally {
      setReading(false);
    }
  };

  const upload = async () => {
    if (!receipt) return;
    setBusy(true);
    try {
      const answer: DepositOrder = await uploadDepositReceipt(order.orderNo, receipt);
      queryClient.setQueryData(orderQuery(orderNo).queryKey, { ...data, deposit: answer });
    } catch {
      // The API client already said why (not an image, too large).
    } finally {
      setBusy(false);
    }
  };

  const bank = order.bank ?? queryClient.getQueryData<DepositOrder>(createdBankOrderKey(orderNo))?.bank;
  return (
    <div className={styles.form}>
      <p className={styles.dim}>{t('wallet.bankPayThis', { amount: formatCentavos(order.amount) })}</p>
      {bank && (
        <dl className={styles.facts} data-testid="bank-account">
          <div>
            <dt>{t('wallet.bankName')}</dt>
            <dd>{bank.bankName}</dd>
          </div>
          <div>
            <dt>{t('wallet.accountName')}</dt>
            <dd>
              {bank.accountName}
              <CopyButton value={bank.accountName} label={t('wallet.accountName')} />
            </dd>
          </div>
          <div>
            <dt>{t('wallet.accountNo')}</dt>
            <dd>
              {bank.accountNo}
              <CopyButton value={bank.accountNo.replace(/\s/g, '')} label={t('wallet.accountNo')} />
            </dd>
          </div>
          <div>
            <dt>{t('wallet.amount')}</dt>
            <dd>
              {formatCentavos(order.amount)}
              <CopyButton value={(order.amount / 100).toFixed(2)} label={t('wallet.amount')} />
            </dd>
          </div>
          <div>
            <dt>{t('wallet.reference')}</dt>
            <dd>
              {bank.reference}
              <CopyButton value={bank.reference} label={t('wallet.reference')} />
            </dd>
          </div>
        </dl>
      )}
      <p className={styles.note}>{t(bank ? 'wallet.bankReferenceNote' : 'wallet.bankDetailsMissing')}</p>
      <h2 className={styles.sectionTitle}>{t('wallet.receipt')}</h2>
      <input
        className={styles.fileInput}
        type="file"
        accept="image/*"
        aria-label={t('wallet.receiptChoose')}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {reading && <div className={styles.progress} role="progressbar" aria-label={t('wallet.receiptReading')} />}
      {receipt && preview && <img className={styles.receipt} src={preview} alt={t('wallet.receiptPreview')} />}
      <Button block busy={busy} disabled={!receipt} onClick={() => void upload()}>
        {t('wallet.receiptUpload')}
      </Button>
    </div>
  );
}
