import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GameCall } from '../../../src/contract/gameConstants';
import { CashoutCall } from '../../../src/contract/cashout';
import { KycCall } from '../../../src/contract/kyc';
import { MoneyCall } from '../../../src/contract/money';
import { MayaCall } from '../../../src/contract/partners';
import { PromotionCall } from '../../../src/contract/promotions';
import { RgCall } from '../../../src/contract/responsibleGaming';
import { SecurityCall } from '../../../src/contract/security';
import type { Transaction } from '../../db';
import type { GateCheck, MoneyGate } from '../../lib/moneyGate';
import type { SessionScope } from '../../plugins/contract';
import { type RestrictedPersons, registerRestrictedPersons } from '../../providers/restrictedPersons';
import { identityVerified } from '../kyc';
import { responsibleGamingDevPages } from './devPages';
import { responsibleGamingRoutes } from './routes';
import { type PlayStoppedHook, ResponsibleGamingService } from './service';

/**
 * Responsible gaming (issue 34) as a module that wires itself: the service, its calls, the
 * restricted-persons registry (the simulator and its /sim/ndrp desk outside production), the withdraw-only
 * session scope, the shared jobs and, outside production, /dev/responsible-gaming. Other modules reach it
 * only through app.responsibleGaming.
 */
export interface ResponsibleGaming {
  /** The one gate every money path calls inside its own transaction (server/lib/moneyGate.ts). */
  gate: MoneyGate;
  /** The gate of a promotion claim or a lucky spin (issue 35), in the claim's transaction. */
  claim(tx: Transaction, customerId: number, action: 'promotion' | 'luckySpin'): Promise<void>;
  /** Runs inside the transaction that stops a player's play (break, exclusion, restriction): bonuses forfeited there. */
  onPlayStopped(hook: PlayStoppedHook): void;
  /** Whether marketing may reach the player (promotions read it). */
  marketingAllowed(customerId: number): Promise<boolean>;
  /** At login: the play clock starts; 'withdraw' while a break, exclusion or restriction holds. */
  atLogin(customerId: number): Promise<SessionScope>;
  /** Before an account opens: refuses a listed person (by mobile and birthday). */
  screenRegistration(person: { mobileNo: string | null; birthday: string }): Promise<void>;
  /**
   * A new account: the declaration made by accepting the terms (no barred category applies), and the
   * answer to the deposit-limit offer of the registration form (a daily limit, or none).
   */
  registered(customerId: number, depositDay: number | null): Promise<void>;
  /** A declaration about the barred categories (at identity verification). */
  declare(customerId: number, context: 'registration' | 'kyc', barred: readonly string[]): Promise<void>;
  /** After identity verification is approved: screening by the verified name, birthday and ID number. */
  verified(customerId: number, identity: { fullName: string; birthday: string | null; idNumber: string | null }): Promise<void>;
  readonly service: ResponsibleGamingService;
  readonly registry: RestrictedPersons;
}

declare module 'fastify' {
  interface FastifyInstance {
    responsibleGaming: ResponsibleGaming;
  }
}

/** Session-limit and inactivity logouts run this often; the nightly screening looks this often for its hour. */
export const RG_SESSIONS_JOB_MS = 30_000;
export const RG_SCREENING_JOB_MS = 10 * 60_000;

/**
 * What a withdraw-only session may call (default deny: the contract refuses every other player call,
 * and every call added later): balances, the withdrawal and its password, payment accounts, records, the
 * identity checks a withdrawal may ask for, account info, messages (payouts are told there), money back
 * from a game platform, the bonus a withdrawal would forfeit, logout, and responsible gaming's own status, history and exclusion calls.
 */
export const WITHDRAW_ONLY_CALLS: ReadonlySet<string> = new Set([
  'customer/getBalance',
  'customer/getBalanceV3',
  'customer/refreshBalance',
  'customer/getBonusBalanceV2',
  GameCall.gameBonusBalance,
  // What a withdrawal would forfeit of a bonus still held (issue 35): the withdrawal asks it first.
  PromotionCall.withdrawalForfeit,
  'account/query',
  'customer/logoutV2',
  MoneyCall.withdrawSwitch,
  // Inside Maya (issue 36): whether it is bound and what is open there.
  MayaCall.checkBindV4,
  MayaCall.checkDepositFlag,
  MoneyCall.withdrawBanks,
  MoneyCall.checkOrderQuota,
  MoneyCall.createWithdrawalRequest,
  MoneyCall.withdrawByAgent,
  MoneyCall.queryMayaWithdrawalUrl,
  MoneyCall.createMayaWithdrawalRequest,
  MoneyCall.bankAccountList,
  MoneyCall.createBankAccount,
  MoneyCall.deleteBankAccount,
  MoneyCall.sendVerificationCode,
  MoneyCall.setWithdrawPwd,
  MoneyCall.modifyWithdrawPwd,
  MoneyCall.forgetWithdrawPwd,
  MoneyCall.queryCustBill,
  MoneyCall.billDetail,
  MoneyCall.querySubList,
  MoneyCall.queryWithdrawalStatus,
  'transactionRecord/queryBetList',
  // Cash-out brings money back to the player, as a settlement does (issue 38); setting an auto rule does not.
  CashoutCall.quote,
  CashoutCall.accept,
  GameCall.queryGameRecords,
  GameCall.gameRecordDetail,
  GameCall.transferOut,
  GameCall.transferBalance,
  KycCall.queryKycStatus,
  KycCall.queryKycForNewUser,
  KycCall.weakKycPrompt,
  KycCall.h5FaceCaptureInit,
  KycCall.faceRecognition,
  KycCall.uploadCustomerFaceLog,
  SecurityCall.securityInfo,
  'message/list',
  'message/detail',
  'message/markRead',
  'message/unreadCount',
  RgCall.status,
  RgCall.history,
  RgCall.selfExclude,
  RgCall.endExclusion,
  RgCall.confirmChange,
  RgCall.cancelChange,
]);

async function responsibleGamingModule(app: FastifyInstance): Promise<void> {
  const { config, clock } = app;
  const db = app.database.db;
  const registry = await registerRestrictedPersons(app, { config, db, clock });
  const service = new ResponsibleGamingService({
    db,
    events: app.playerEvents,
    clock,
    registry: registry.registry,
    sessions: {
      endAll: (tx, customerId, reason) => app.sessions.endAll(tx, customerId, reason),
      endOne: (id, reason) => app.sessions.endOne(id, reason),
    },
    // The operator's site setting 'identity verified before any deposit' (default off: the KYC days' grace).
    kycBeforeDeposit: () => app.site.settings.read().kyc.beforeFirstDeposit,
    kycApproved: identityVerified,
    log: app.log,
  });
  const gate: MoneyGate = (tx, check: GateCheck) => service.gate(tx, check);
  app.decorate('responsibleGaming', {
    gate,
    claim: (tx, customerId, action) => service.gate(tx, { customerId, action }),
    onPlayStopped: (hook) => service.onPlayStopped(hook),
    marketingAllowed: (customerId) => service.marketingAllowed(customerId),
    atLogin: (customerId) => service.atLogin(customerId),
    screenRegistration: (person) => service.screenRegistration(person),
    registered: async (customerId, depositDay) => {
      await service.recordDeclaration(customerId, 'registration', []);
      await service.answerLimitOffer(customerId, 'registration', depositDay);
    },
    declare: (customerId, context, barred) => service.recordDeclaration(customerId, context, barred),
    verified: (customerId, identity) => service.screenVerified(customerId, identity),
    service,
    registry,
  } satisfies ResponsibleGaming);

  app.sessionScope('withdraw', {
    allows: (call) => WITHDRAW_ONLY_CALLS.has(call.name),
    refusal: (customerId) => service.withdrawOnlyRefusal(customerId),
  });
  await app.register(responsibleGamingRoutes, { service });
  app.jobs.add('rg-sessions', RG_SESSIONS_JOB_MS, (now) => service.sessionsJob(now));
  app.jobs.add('rg-screening', RG_SCREENING_JOB_MS, (now) => service.screeningJob(now));
  if (!config.production) await app.register(responsibleGamingDevPages, { service });
}

/**
 * Registered before the money modules (they call app.responsibleGaming.gate) and before auth (the
 * registration's screening and the login's scope) and kyc (the declaration, the screening at approval).
 */
export const responsibleGaming = fp(responsibleGamingModule, {
  name: 'responsible-gaming',
  dependencies: ['core', 'jobs', 'contract', 'sessions', 'site'],
});
