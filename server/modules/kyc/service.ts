import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { KycStatusAnswer } from '../../../src/contract/answers/kyc';
import { GatewayCode, SpecCode } from '../../../src/contract/errorCodes';
import {
  KYC_IMAGE,
  KycRejectReason,
  KycStatus,
  type KycBody,
  type KycIdType,
  type KycOperation,
  type MINI_TYPES,
} from '../../../src/contract/kyc';
import type { KycConfig } from '../../config';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { fitImage, refusePicture } from '../../lib/images';
import { type AtRestCipher, newMediaKey } from '../../lib/security';
import { KycVendorError, type KycVendor, type OcrFields } from '../../providers/kyc/types';
import type { PlayerEvents } from '../../realtime/bus';
import type { SiteSettingsStore } from '../site';
import type { SmsProvider } from '../../providers/messaging';
import { type Decision, tellDecision } from './notify';
import * as repo from './repository';
import {
  type KycRules,
  afterCheck,
  attemptsLeft,
  initRefusal,
  isRestricted,
  kycInfoOf,
  manilaDayStart,
  needFaceCapture,
  promptOf,
  rejectMessage,
  shownStatus,
  deadlineOf,
  isApproved,
} from './status';

/** The PSGC places the form's province and city must name (the places data is wired by the app). */
export interface Places {
  validCity(cityCode: string, provinceCode?: string): boolean;
}

export interface KycServiceOptions {
  db: Database;
  events: PlayerEvents;
  /** The eKYC vendor (server/providers/kyc: the real one, its simulator, or one always down). */
  vendor: KycVendor;
  settings: SiteSettingsStore;
  config: KycConfig;
  /** Seals images and personal fields at rest, and keys the ID-number hashes. */
  cipher: AtRestCipher;
  places: Places;
  /** Carries final decisions to the player's phone (inbox and push carry every step). */
  sms?: SmsProvider;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Told after a verification is approved (responsible gaming screens the verified identity: issue 34). */
  onApproved?: (customerId: number) => Promise<void>;
}

export const KYC_REQUIRED_MESSAGE =
  'Your KYC verification is incomplete. Please verify your identity to keep placing bets and making deposits.';
export const FACE_CHECK_MESSAGE = 'Verification Required: please complete facial recognition before this operation.';

/**
 * Photos (ocrIdentify, faceRecognition) one verification may take, retakes included: the day's cap of
 * photos is this many for each of the day's verification attempts (photosPerDay).
 */
const PHOTOS_PER_VERIFICATION = 10;
export const TOO_MANY_PHOTOS = 'You have sent many photos today. Please try again tomorrow.';

/** Counts one photo against the player's daily cap before it is decoded; throws when the cap is reached. */
export type CountPhoto = () => Promise<void>;

const NOT_FOUND = 'We could not find this verification. Please start again.';
const UNREADABLE = 'This photo could not be read. Please take it again.';

/** One data: URL photo, checked by its bytes and header, then fitted to KYC_IMAGE's size in the decode queue. */
async function photoOf(image: string, customerId: number) {
  const match = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=]+)$/.exec(image);
  const bytes = match ? Buffer.from(match[1]!, 'base64') : undefined;
  if (!bytes || bytes.length === 0) throw new CallError(GatewayCode.KycImageInvalid, UNREADABLE, 400);
  return fitImage(bytes, KYC_IMAGE.maxSide, KYC_IMAGE.quality, `player:${customerId}`).catch((error: unknown) =>
    refusePicture(error, GatewayCode.KycImageInvalid, UNREADABLE),
  );
}

/** A vendor failure in the player's words (its own words stay in the log). */
function vendorRefusal(error: unknown): never {
  if (error instanceof KycVendorError) {
    if (error.code === 'INVALID_IMAGE')
      throw new CallError(GatewayCode.KycImageInvalid, 'No document or face was found in this photo. Please take it again.', 400);
    if (error.code === 'NOT_FOUND' || error.code === 'EXPIRED')
      throw new CallError(GatewayCode.KycTransactionUnknown, 'This verification has expired. Please start again.', 400);
    throw new CallError(
      GatewayCode.KycVendorDown,
      'Identity verification is not available right now. Please try again in a few minutes.',
      503,
    );
  }
  throw error;
}

export class KycService {
  constructor(private readonly options: KycServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  private get vendor(): KycVendor {
    return this.options.vendor;
  }

  /** The rules in force now: site settings (read per request) and the environment's. */
  rules(): KycRules {
    const site = this.options.settings.read();
    return {
      kycDays: site.kycDays,
      dailyAttempts: site.kyc.dailyAttempts,
      eKycSwitch: site.kyc.eKycSwitch,
      forceNewUserEkycSwitch: site.kyc.forceNewUserEkycSwitch,
      reauthDays: this.options.config.reauthDays,
    };
  }

  private now() {
    return this.options.clock();
  }

  /** The seal of personal text (ID numbers, read fields, addresses). */
  private seal(value: unknown) {
    return this.options.cipher.seal(JSON.stringify(value));
  }

  /** ID numbers are compared by a keyed hash of type and number (spaces and dashes aside, any case). */
  private idHash(idType: number, idNo: string) {
    return this.options.cipher.hash(`${idType}:${idNo.replace(/[\s-]/g, '').toUpperCase()}`);
  }

  async status(customerId: number, operationType?: KycOperation, miniType?: (typeof MINI_TYPES)[number]): Promise<KycStatusAnswer> {
    const now = this.now();
    const { state, registeredAt } = await repo.playerState(this.db, customerId);
    const usedToday = await repo.attemptsSince(this.db, customerId, manilaDayStart(now));
    return kycInfoOf({ state, registeredAt, rules: this.rules(), usedToday, now, operationType, miniType });
  }

  async prompt(customerId: number) {
    const { state, registeredAt } = await repo.playerState(this.db, customerId);
    return promptOf(state, registeredAt, this.rules(), this.now());
  }

  async forNewUser(customerId: number) {
    const { state, registeredAt } = await repo.playerState(this.db, customerId);
    const rules = this.rules();
    return {
      forceNewUserEkycSwitch: rules.forceNewUserEkycSwitch,
      ekycStatus: shownStatus(state.ekycStatus),
      deadline: isApproved(state) ? null : deadlineOf(registeredAt, rules.kycDays).toISOString(),
      kycDays: rules.kycDays,
    };
  }

  /** The deadline rule (call requirement kycVerified): past registration + kycDays and not approved → GW_800460. */
  async requireVerified(customerId: number): Promise<void> {
    const { state, registeredAt } = await repo.playerState(this.db, customerId);
    if (isRestricted(state, registeredAt, this.rules().kycDays, this.now())) {
      throw new CallError(GatewayCode.KycRequired, KYC_REQUIRED_MESSAGE, 403);
    }
  }

  /** Call requirement faceCheck:withdraw: an approved player due a periodic face check passes one first. */
  async requireFaceCheck(customerId: number): Promise<void> {
    const { state } = await repo.playerState(this.db, customerId);
    if (needFaceCapture(state, 'withdraw', this.now(), this.options.config.reauthDays)) {
      throw new CallError(SpecCode.VerificationNeeded, FACE_CHECK_MESSAGE, 403);
    }
  }

  private refuseInit(reason: ReturnType<typeof initRefusal>): void {
    if (reason === 'approved') throw new CallError(GatewayCode.KycAlreadyApproved, 'Your identity is already verified.', 400);
    if (reason === 'refused') {
      throw new CallError(GatewayCode.KycRefused, 'Your verification was rejected. Please contact Customer Service to verify again.', 403);
    }
    if (reason === 'daily-limit') {
      throw new CallError(GatewayCode.KycDailyLimit, 'You have reached today’s verification limit. Please try again tomorrow.', 429);
    }
  }

  /** h5initialize: a new vendor transaction, one of today's attempts. */
  async initialize(customerId: number, docType: KycIdType, publicId: string) {
    const now = this.now();
    const since = manilaDayStart(now);
    const { state } = await repo.playerState(this.db, customerId);
    const rules = this.rules();
    this.refuseInit(initRefusal(state, attemptsLeft(await repo.attemptsSince(this.db, customerId, since), rules.dailyAttempts)));
    const bizId = `kyc_${randomUUID().replaceAll('-', '')}`;
    // Outside any transaction: the vendor (or its simulator, on this database) is another party.
    const started = await this.vendor.initialize({ bizId, userId: publicId, docType, flowType: 'H5_REALIDLITE_KYC' }).catch(vendorRefusal);
    return this.db.transaction(async (tx) => {
      const locked = await repo.lockState(tx, customerId);
      const used = await repo.attemptsSince(tx, customerId, since);
      // Checked again under the lock: two starts at once count as two.
      this.refuseInit(initRefusal(locked, attemptsLeft(used, rules.dailyAttempts)));
      await repo.insertVerification(tx, {
        customerId,
        bizId,
        kind: 'kyc',
        transactionId: started.transactionId,
        docType,
        expiresAt: new Date(started.expiresAt),
      });
      return {
        transactionId: started.transactionId,
        clientCfg: started.clientCfg,
        cankycTime: attemptsLeft(used + 1, rules.dailyAttempts),
      };
    });
  }

  /** h5FaceCaptureInit: a face-only check against the face on file ('Verification Required'). */
  async faceCaptureInit(customerId: number, publicId: string) {
    const { state } = await repo.playerState(this.db, customerId);
    if (!isApproved(state) || state.verificationId === null) {
      throw new CallError(GatewayCode.KycRequired, 'Please verify your identity first.', 403);
    }
    const approved = await repo.verificationById(this.db, state.verificationId);
    const docType = (approved?.idType ?? approved?.docType ?? 1) as KycIdType;
    const bizId = `face_${randomUUID().replaceAll('-', '')}`;
    const started = await this.vendor.initialize({ bizId, userId: publicId, docType, flowType: 'FACE_ONLY' }).catch(vendorRefusal);
    await repo.insertVerification(this.db, {
      customerId,
      bizId,
      kind: 'face',
      transactionId: started.transactionId,
      docType,
      expiresAt: new Date(started.expiresAt),
    });
    return { transactionId: started.transactionId };
  }

  /** A verification of this player still taking photos and fields. */
  private async openVerification(customerId: number, transactionId: string, kind?: 'kyc' | 'face') {
    const found = await repo.ownVerification(this.db, customerId, transactionId);
    if (!found || (kind && found.kind !== kind) || found.state !== 'started') {
      throw new CallError(GatewayCode.KycTransactionUnknown, NOT_FOUND, 400);
    }
    if (found.expiresAt && found.expiresAt.getTime() < this.now()) {
      throw new CallError(GatewayCode.KycTransactionUnknown, 'This verification has expired. Please start again.', 400);
    }
    return found;
  }

  private async storeImage(customerId: number, verificationId: number | null, kind: string, photo: { contentType: string; data: Buffer }) {
    const key = newMediaKey();
    await repo.insertImage(this.db, {
      key,
      customerId,
      verificationId,
      kind,
      contentType: photo.contentType,
      data: this.options.cipher.seal(photo.data.toString('base64')),
    });
    return key;
  }

  /** The day's cap of photos: PHOTOS_PER_VERIFICATION for each of the day's verification attempts. */
  photosPerDay(): number {
    return this.rules().dailyAttempts * PHOTOS_PER_VERIFICATION;
  }

  /**
   * ocrIdentify: the ID photo; with a transaction the vendor reads it, without one it is a second ID for
   * the personal-information form. Either way only inside the player's open verification (issue 30), and
   * counted against the day's photos before anything decodes it.
   */
  async readDocument(customerId: number, body: KycBody['ocrIdentify'], countPhoto: CountPhoto) {
    const empty: OcrFields = { firstName: '', middleName: '', lastName: '', birthday: '', idNo: '', expiryDate: '' };
    if (!body.transactionId) {
      if (!(await repo.openCase(this.db, customerId, new Date(this.now())))) {
        throw new CallError(GatewayCode.KycTransactionUnknown, 'Please start your identity verification before adding a second ID.', 400);
      }
      await countPhoto();
      const photo = await photoOf(body.image, customerId);
      // Not tied to the verification until the form names it (improveUserProfile attaches it).
      return { imageKey: await this.storeImage(customerId, null, 'second_document', photo), fields: empty };
    }
    const verification = await this.openVerification(customerId, body.transactionId, 'kyc');
    await countPhoto();
    const photo = await photoOf(body.image, customerId);
    const fields = await this.vendor.uploadDocument(verification.transactionId, photo.data).catch(vendorRefusal);
    const imageKey = await this.storeImage(customerId, verification.id, 'document', photo);
    await repo.updateVerification(this.db, verification.id, { ocr: this.seal(fields) });
    return { imageKey, fields: { ...empty, ...fields } };
  }

  /** faceRecognition: the face photo of a verification, or of a face check (a pass lifts 'Verification Required'). */
  async readFace(customerId: number, body: KycBody['faceRecognition'], countPhoto: CountPhoto) {
    const verification = await this.openVerification(customerId, body.transactionId);
    await countPhoto();
    const photo = await photoOf(body.image, customerId);
    const score = await this.vendor.uploadFace(verification.transactionId, photo.data).catch(vendorRefusal);
    const imageKey = await this.storeImage(customerId, verification.id, verification.kind === 'face' ? 'face_check' : 'face', photo);
    await this.db.transaction(async (tx) => {
      await repo.updateVerification(tx, verification.id, { faceScore: Math.round(score.faceScore), facePassed: score.passed });
      if (verification.kind === 'face' && score.passed) {
        const state = await repo.lockState(tx, customerId);
        await repo.saveState(tx, customerId, { ...state, lastFaceMatchAt: new Date(this.now()) });
        await repo.updateVerification(tx, verification.id, { state: 'passed', endedAt: new Date(this.now()) });
      }
    });
    return {
      imageKey,
      faceScore: score.faceScore,
      passed: score.passed,
      message: score.passed ? '' : 'We could not match your face. Please face the camera in good light and try again.',
    };
  }

  /** A refusal stored and answered (the duplicate ID): the verification ends, the status shows why. */
  private async refuse(customerId: number, verificationId: number, code: KycRejectReason) {
    const now = new Date(this.now());
    await this.db.transaction(async (tx) => {
      const state = await repo.lockState(tx, customerId);
      await repo.updateVerification(tx, verificationId, { state: 'rejected', rejectCode: code, rejectType: 'RETRY', endedAt: now });
      await repo.saveState(tx, customerId, { ...afterCheck(state, 'Failure', code, now), verificationId });
    });
    return { ekycStatus: KycStatus.SystemRejected, rejectReason: rejectMessage(code), rejectCode: code };
  }

  /** The duplicate-ID rules of a confirmed ID: too many verifications (GW_800464), or held by another account ('repeated'). */
  private async idRefusal(customerId: number, verificationId: number, idType: number, idNoHash: string) {
    if ((await repo.verificationsOfId(this.db, idType, idNoHash, verificationId)) >= this.options.config.maxVerificationsPerId) {
      throw new CallError(GatewayCode.KycIdMaxVerifications, REJECT_ID_MAX, 403);
    }
    return (await repo.idHeldByAnother(this.db, customerId, idType, idNoHash)) ? KycRejectReason.Repeated : undefined;
  }

  /** modifyEkycRequest: the player confirms the fields read from their ID. */
  async confirmFields(customerId: number, body: KycBody['modifyEkycRequest']) {
    const verification = await this.openVerification(customerId, body.transactionId, 'kyc');
    const idNoHash = this.idHash(body.fields.idType, body.fields.idNo);
    const refusal = await this.idRefusal(customerId, verification.id, body.fields.idType, idNoHash);
    if (refusal) return this.refuse(customerId, verification.id, refusal);
    await repo.updateVerification(this.db, verification.id, { idType: body.fields.idType, idNoHash, fields: this.seal(body.fields) });
    const { state } = await repo.playerState(this.db, customerId);
    return { ekycStatus: state.ekycStatus, rejectReason: '', rejectCode: null };
  }

  async idExists(customerId: number, body: KycBody['queryKycIdAndTypeExists']) {
    return { exists: await repo.idHeldByAnother(this.db, customerId, body.idType, this.idHash(body.idType, body.idNo)) };
  }

  async faceLog(customerId: number, body: KycBody['uploadCustomerFaceLog']) {
    await repo.insertFaceLog(this.db, {
      customerId,
      transactionId: body.transactionId ?? null,
      event: body.event,
      detail: body.detail ?? '',
    });
    return null;
  }

  /** An image key the player owns, of one of these kinds. */
  private async ownImage(customerId: number, key: string, kinds: string[], field: string) {
    const image = await repo.imageByKey(this.db, key);
    if (!image || image.customerId !== customerId || !kinds.includes(image.kind)) {
      throw new CallError(GatewayCode.KycTransactionUnknown, `${field}: please take this photo again.`, 400);
    }
    return image;
  }

  /**
   * customer/improveUserProfile: stores the personal information and submits the verification whose ID
   * photo it names; the vendor decides at once (Success 1, Failure 2) or queues it for review (0).
   */
  async submitProfile(customerId: number, body: KycBody['improveUserProfile']) {
    if (!this.options.places.validCity(body.city, body.province)) {
      throw new CallError(GatewayCode.InvalidRequest, 'city: Please choose your city or municipality from the list.', 400);
    }
    const idScan = await this.ownImage(customerId, body.firstIdScan, ['document'], 'firstIdScan');
    const face = await this.ownImage(customerId, body.faceId, ['face'], 'faceId');
    if (body.secondIdScan) await this.ownImage(customerId, body.secondIdScan, ['second_document', 'document'], 'secondIdScan');
    const verification = idScan.verificationId === null ? undefined : await repo.verificationById(this.db, idScan.verificationId);
    if (!verification || face.verificationId !== verification.id) {
      throw new CallError(
        GatewayCode.KycTransactionUnknown,
        'Your ID photo and face photo must come from the same verification. Please start again.',
        400,
      );
    }
    if (verification.state === 'approved') throw new CallError(GatewayCode.KycAlreadyApproved, 'Your identity is already verified.', 400);
    if (verification.state !== 'started' && verification.state !== 'pending')
      throw new CallError(GatewayCode.KycTransactionUnknown, NOT_FOUND, 400);
    const idNoHash = this.idHash(body.firstIdType, body.firstNoType);
    if (verification.idNoHash === null || verification.idType !== body.firstIdType || verification.idNoHash !== idNoHash) {
      throw new CallError(GatewayCode.InvalidRequest, 'firstNoType: The ID type and number must be those you confirmed from your ID.', 400);
    }

    const names = [body.firstName, body.middleName, body.lastName].map((name) => name?.trim() ?? '').filter(Boolean);
    await this.db.transaction(async (tx) => {
      await repo.saveCustomerDetails(tx, customerId, {
        realName: names.join(' '),
        birthday: body.birthday,
        gender: body.gender,
        email: body.email,
      });
      await repo.saveProfile(tx, {
        customerId,
        firstName: body.firstName ?? '',
        middleName: body.middleName ?? '',
        lastName: body.lastName ?? '',
        province: body.province ?? null,
        city: body.city,
        postalCode: body.postalCode,
        address: body.address ? this.seal(body.address) : null,
        occupation: body.occupation,
        sourceOfIncome: body.sourceOfIncome,
        firstIdType: body.firstIdType,
        firstIdNo: this.seal(body.firstNoType),
        firstIdScan: body.firstIdScan,
        faceId: body.faceId,
        secondIdType: body.secondIdType ?? null,
        secondIdNo: body.secondIdNo ? this.seal(body.secondIdNo) : null,
        secondIdScan: body.secondIdScan ?? null,
      });
      if (body.secondIdScan) await repo.attachImage(tx, body.secondIdScan, verification.id);
    });
    if (verification.state === 'pending') {
      const { state } = await repo.playerState(this.db, customerId);
      return { ekycStatus: state.ekycStatus, rejectReason: state.rejectReason, rejectCode: state.rejectCode };
    }

    // Checked again at submission: two accounts may have confirmed the same ID at once.
    const refusal = await this.idRefusal(customerId, verification.id, body.firstIdType, idNoHash);
    if (refusal) return this.refuse(customerId, verification.id, refusal);
    const confirmed = verification.fields ? (JSON.parse(this.options.cipher.open(verification.fields)) as Partial<OcrFields>) : {};
    const result = await this.vendor
      .checkResult(verification.transactionId, {
        firstName: confirmed.firstName ?? body.firstName ?? '',
        middleName: confirmed.middleName ?? body.middleName ?? '',
        lastName: confirmed.lastName ?? body.lastName ?? '',
        birthday: confirmed.birthday ?? body.birthday,
        idNo: body.firstNoType,
        expiryDate: confirmed.expiryDate ?? '',
        idType: body.firstIdType,
      })
      .catch(vendorRefusal);
    const at = new Date(this.now());
    const decided = await this.db.transaction(async (tx) => {
      const state = await repo.lockState(tx, customerId);
      const next = afterCheck(state, result.ekycResult, result.rejectReason, at);
      const verificationState = result.ekycResult === 'Success' ? 'approved' : result.ekycResult === 'Failure' ? 'rejected' : 'pending';
      await repo.updateVerification(tx, verification.id, {
        state: verificationState,
        submittedAt: at,
        faceScore: Math.round(result.extFaceInfo.faceScore),
        ...(result.ekycResult === 'Failure' ? { rejectCode: next.rejectCode, rejectType: 'RETRY', endedAt: at } : {}),
        ...(result.ekycResult === 'Success' ? { endedAt: at } : {}),
      });
      // A new submission starts a new run of review events.
      await repo.saveState(tx, customerId, { ...next, verificationId: verification.id, lastEventAtMs: null });
      return next;
    });
    const decision: Decision = result.ekycResult === 'Success' ? 'approved' : result.ekycResult === 'Failure' ? 'rejected' : 'pending';
    await this.tell(customerId, decision, decided.rejectReason);
    return { ekycStatus: decided.ekycStatus, rejectReason: decided.rejectReason, rejectCode: decided.rejectCode };
  }

  /** Tells the player (inbox message and push); a failure to tell never undoes the decision. */
  async tell(customerId: number, decision: Decision, reason: string) {
    try {
      await tellDecision(this.db, this.options.events, customerId, decision, reason, this.options.sms);
    } catch (error) {
      this.options.log.error({ err: error, customerId }, 'KYC decision message not sent');
    }
    if (decision === 'approved' && this.options.onApproved) {
      await this.options
        .onApproved(customerId)
        .catch((error: unknown) =>
          this.options.log.error({ err: error, customerId }, 'after-approval check failed (the nightly screening will repeat it)'),
        );
    }
  }

  /** The verified identity (name, birthday, first ID number opened from its seal), for the restricted-persons check. */
  async identityOf(customerId: number): Promise<{ fullName: string; birthday: string | null; idNumber: string | null } | undefined> {
    const found = await repo.identityOf(this.db, customerId);
    if (!found) return undefined;
    const idNumber = found.firstIdNo ? (JSON.parse(this.options.cipher.open(found.firstIdNo)) as string) : null;
    return {
      fullName: [found.firstName, found.middleName, found.lastName].filter(Boolean).join(' '),
      birthday: found.birthday,
      idNumber,
    };
  }
}

const REJECT_ID_MAX = rejectMessage(KycRejectReason.IdMaxVerifications);
