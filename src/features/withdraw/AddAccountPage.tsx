import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCall } from '../../contract/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import fieldStyles from '../../ui/Field.module.css';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { accountsQuery, createAccount, withdrawBanksQuery } from './api';
import { ACCOUNT_TYPE_OF, type Way, accountName, bankAccountNumber, walletNumber } from './rules';
import styles from './Withdraw.module.css';

type Problems = Partial<Record<'bankCode' | 'accountNo' | 'accountName', string>>;

/** The bank of a new bank account, from withdraw/bank (type 99). */
function BankSelect({ value, onChange, error }: { value: string; onChange: (code: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const banks = useQuery(withdrawBanksQuery);
  if (banks.isPending) return <Skeleton height={72} radius={12} />;
  return (
    <div className={`${fieldStyles.field} ${error ? fieldStyles.invalid : ''}`}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t('withdraw.add.bank')}
      </label>
      <div className={fieldStyles.control}>
        <select
          id={id}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
        >
          <option value="">{banks.isError ? t('withdraw.add.banksFailed') : t('withdraw.add.chooseBank')}</option>
          {banks.data?.list.map((bank) => (
            <option key={bank.bankCode} value={bank.bankCode}>
              {bank.bankName}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <span className={fieldStyles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * /bankcard/add, /gcash/addGcash, /paymaya/add: bind an account to withdraw to. An e-wallet is the
 * player's PH mobile number (09XXXXXXXXX); a bank account is a bank of the list, its number and name.
 * The number travels encrypted and comes back masked. The first account bound gets a word of care.
 */
function AddAccountPage({ way }: { way: Way }) {
  const { t } = useTranslation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const queryClient = useQueryClient();
  const accountType = ACCOUNT_TYPE_OF[way];
  const existing = useQuery(accountsQuery(accountType));
  const [bankCode, setBankCode] = useState('');
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const isBank = way === 'bank';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const accountNo = isBank ? bankAccountNumber(number) : walletNumber(number);
    const holder = accountName(name);
    const found: Problems = {
      ...(isBank && !bankCode ? { bankCode: t('withdraw.errors.bankMissing') } : {}),
      ...(!accountNo ? { accountNo: t(isBank ? 'withdraw.errors.bankNumber' : 'withdraw.errors.walletNumber') } : {}),
      ...(!holder ? { accountName: t('withdraw.errors.accountName') } : {}),
    };
    setProblems(found);
    if (!accountNo || !holder || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await createAccount({ accountType, accountNo, accountName: holder, ...(isBank ? { bankCode } : {}) });
      await queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.bankAccountList] });
      showToast('success', t('withdraw.add.done'));
      if (canGoBack) router.history.back();
      else void router.navigate({ href: `/withdraw?way=${way}`, replace: true });
    } catch {
      // told by the API client (GW_800455 says why the account was refused)
    } finally {
      setBusy(false);
    }
  };

  const full = existing.data && existing.data.list.length >= existing.data.maxAccounts;
  return (
    <PageLayout flush>
      <form className={styles.page} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.note}>{t(`withdraw.add.intro.${way}`)}</p>
        {existing.data?.isFirstBindCard && (
          <p className={styles.warn} role="note">
            {t('withdraw.add.firstBind')}
          </p>
        )}
        {full && (
          <p className={styles.warn} role="alert">
            {t('withdraw.accounts.full', { count: existing.data.maxAccounts, way: t(`withdraw.wayInText.${way}`) })}
          </p>
        )}
        <div>
          {isBank && <BankSelect value={bankCode} onChange={setBankCode} error={problems.bankCode} />}
          <TextField
            label={t(isBank ? 'withdraw.add.bankNumber' : 'withdraw.add.walletNumber')}
            inputMode={isBank ? 'numeric' : 'tel'}
            autoComplete="off"
            placeholder={isBank ? '' : '09XXXXXXXXX'}
            maxLength={isBank ? 24 : 16}
            value={number}
            error={problems.accountNo}
            onChange={(event) => setNumber(event.target.value)}
          />
          <TextField
            label={t('withdraw.add.name')}
            autoComplete="name"
            maxLength={80}
            hint={t('withdraw.add.nameHint')}
            value={name}
            error={problems.accountName}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" block busy={busy} disabled={Boolean(full)}>
          {t('withdraw.add.save')}
        </Button>
      </form>
    </PageLayout>
  );
}

export const AddBankAccountPage = () => <AddAccountPage way="bank" />;
export const AddGcashAccountPage = () => <AddAccountPage way="gcash" />;
export const AddMayaAccountPage = () => <AddAccountPage way="maya" />;
