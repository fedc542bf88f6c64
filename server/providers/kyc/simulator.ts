import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { KycRejectReason, KycRejectType } from '../../../src/contract/kyc';
import type { Database } from '../../db';
import { kycSimSettings, kycSimTransactions, kycSimWebhooks } from '../../db/schema';
import { documentOfCode, type VendorDocument } from './documents';
import { type Decision, type DefaultOutcome, decide, faceScoreOf, FACE_PASS_SCORE, readDocument } from './rules';
import { payloadDigest } from './signing';
import type { OcrFields } from './types';
import { REJECT_LABELS, type ReviewWebhookBody, type VendorResultCode } from './wire';

/**
 * The eKYC vendor simulator's state and decisions, in Postgres (kyc_sim_*), so every instance and a
 * restart see the same transactions, queue, switches and deliveries. Its HTTP face is simApi.ts (signed
 * like ZOLOZ), its review back office simPages.ts (/sim/kyc). Nothing here keeps time: each call gets
 * `now`, and the shared job calls tick(now) to expire transactions and deliver the review webhooks.
 */

/** A transaction not submitted this long after initialize is EXPIRED (ZOLOZ's 30 minutes). */
export const TRANSACTION_TTL_MS = 30 * 60_000;

/** Sumsub's retries of an unanswered webhook: after 5 min, 1 h, 5 h and 18 h; then it gives up. */
export const WEBHOOK_RETRY_MS = [5 * 60_000, 60 * 60_000, 5 * 60 * 60_000, 18 * 60 * 60_000];

export interface WebhookDelivery {
  /** How many times each review event is sent even when answered 2xx. */
  copies: number;
  /** The copies go out at moments spread over this window after the decision. */
  spreadMs: number;
}

export const DEFAULT_WEBHOOK_DELIVERY: WebhookDelivery = { copies: 2, spreadMs: 30_000 };

/** Posts one webhook to our endpoint; answers the HTTP status (0 for no answer). */
export type ReviewWebhookSender = (headers: Record<string, string>, body: string) => Promise<number>;

export class SimulatorRefusal extends Error {
  constructor(
    readonly code: VendorResultCode,
    message: string,
  ) {
    super(message);
  }
}

export type SimTransaction = typeof kycSimTransactions.$inferSelect;

export interface ReviewDecision {
  answer: 'GREEN' | 'RED';
  rejectType?: KycRejectType;
  labels?: KycRejectReason[];
  /** Safe to show the player. */
  clientComment?: string;
  /** Staff only. */
  moderationComment?: string;
}

export interface CheckResultAnswer {
  ekycResult: Decision['ekycResult'];
  rejectReason?: KycRejectReason;
  flags: string[];
  faceScore: number;
  document: VendorDocument;
  ocr: OcrFields;
  reviewRejectType?: KycRejectType;
}

const IMAGE_MAGIC = [Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')];
const MAX_IMAGE_BYTES = 3 * 1024 * 1024;

/** The type of an image by its bytes, or undefined when it is none the vendor reads. */
export function imageType(image: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (image.subarray(0, 3).equals(IMAGE_MAGIC[0]!)) return 'image/jpeg';
  if (image.subarray(0, 8).equals(IMAGE_MAGIC[1]!)) return 'image/png';
  if (image.subarray(0, 4).toString('latin1') === 'RIFF' && image.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

const EMPTY_OCR: OcrFields = { firstName: '', middleName: '', lastName: '', birthday: '', idNo: '', expiryDate: '' };

/** Sumsub writes createdAtMs as "YYYY-MM-DD HH:mm:ss.SSS" (UTC). */
export const sumsubTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

export class KycVendorSimulator {
  constructor(
    private readonly db: Database,
    private readonly options: { webhookSecret: string; send: ReviewWebhookSender; delivery?: WebhookDelivery },
  ) {}

  // --- Switches -----------------------------------------------------------------------------------------

  private async setting<T>(name: string, fallback: T): Promise<T> {
    const [row] = await this.db.select().from(kycSimSettings).where(eq(kycSimSettings.name, name));
    return row ? (row.value as T) : fallback;
  }

  private async setSetting(name: string, value: unknown): Promise<void> {
    await this.db.insert(kycSimSettings).values({ name, value }).onConflictDoUpdate({ target: kycSimSettings.name, set: { value } });
  }

  defaultOutcome(): Promise<DefaultOutcome> {
    return this.setting<DefaultOutcome>('defaultOutcome', 'review');
  }

  setDefaultOutcome(outcome: DefaultOutcome): Promise<void> {
    return this.setSetting('defaultOutcome', outcome);
  }

  /** The outage switch (VENDOR_DOWN): every API call answers 503 while it is on. */
  isDown(): Promise<boolean> {
    return this.setting<boolean>('vendorDown', false);
  }

  setDown(down: boolean): Promise<void> {
    return this.setSetting('vendorDown', down);
  }

  // --- The API --------------------------------------------------------------------------------------------

  /** Not idempotent: a fresh transaction each time. */
  async initialize(
    request: { bizId: string; userId: string; document: VendorDocument; flowType: string },
    now: number,
  ): Promise<SimTransaction> {
    const [row] = await this.db
      .insert(kycSimTransactions)
      .values({
        // ZOLOZ's transaction ids are long opaque strings.
        transactionId: `G${createHash('sha256').update(randomUUID()).digest('hex').slice(0, 31).toUpperCase()}`,
        bizId: request.bizId,
        userId: request.userId,
        docType: request.document.idType,
        docCode: request.document.code,
        flowType: request.flowType,
        expiresAt: new Date(now + TRANSACTION_TTL_MS),
        createdAt: new Date(now),
      })
      .returning();
    return row!;
  }

  async find(transactionId: string): Promise<SimTransaction | undefined> {
    const [row] = await this.db.select().from(kycSimTransactions).where(eq(kycSimTransactions.transactionId, transactionId));
    return row;
  }

  /** The transaction, still open for uploads and a first decision; refuses unknown and expired ones. */
  private async open(transactionId: string, now: number): Promise<SimTransaction> {
    const row = await this.find(transactionId);
    if (!row) throw new SimulatorRefusal('TRANSACTION_NOT_FOUND', 'No such transaction.');
    if (row.state === 'INIT' && row.expiresAt.getTime() <= now) {
      await this.db.update(kycSimTransactions).set({ state: 'EXPIRED' }).where(eq(kycSimTransactions.transactionId, transactionId));
      row.state = 'EXPIRED';
    }
    if (row.state === 'EXPIRED') throw new SimulatorRefusal('TRANSACTION_EXPIRED', 'The transaction has expired.');
    return row;
  }

  private static checkImage(image: Buffer): void {
    if (image.length === 0 || image.length > MAX_IMAGE_BYTES || !imageType(image))
      throw new SimulatorRefusal('INVALID_IMAGE', 'The image is not a JPEG, PNG or WebP photo.');
  }

  /** The document photo: the vendor keeps a copy and answers what it read. A retake replaces it. */
  async uploadDocument(transactionId: string, image: Buffer, now: number): Promise<OcrFields> {
    const row = await this.open(transactionId, now);
    if (row.state !== 'INIT') throw new SimulatorRefusal('INVALID_ARGUMENT', 'The transaction is already submitted.');
    if (row.flowType === 'FACE_ONLY') throw new SimulatorRefusal('INVALID_ARGUMENT', 'A face-only transaction takes no document.');
    KycVendorSimulator.checkImage(image);
    const ocr = readDocument(documentOfCode(row.docCode)!, image, now);
    await this.db
      .update(kycSimTransactions)
      .set({ docImage: image, ocr: { ...ocr } })
      .where(eq(kycSimTransactions.transactionId, transactionId));
    return ocr;
  }

  async uploadFace(transactionId: string, image: Buffer, now: number): Promise<{ faceScore: number; passed: boolean }> {
    const row = await this.open(transactionId, now);
    if (row.state !== 'INIT') throw new SimulatorRefusal('INVALID_ARGUMENT', 'The transaction is already submitted.');
    KycVendorSimulator.checkImage(image);
    const faceScore = faceScoreOf(image);
    await this.db
      .update(kycSimTransactions)
      .set({ faceImage: image, faceScore })
      .where(eq(kycSimTransactions.transactionId, transactionId));
    return { faceScore, passed: faceScore >= FACE_PASS_SCORE };
  }

  /**
   * Idempotent: the first call decides (magic numbers, else the default outcome), later calls answer the
   * decision as it stands now (a reviewer may have decided since).
   */
  async checkResult(transactionId: string, confirmed: { idNo: string } & Record<string, unknown>, now: number): Promise<CheckResultAnswer> {
    let row = await this.open(transactionId, now);
    if (row.state === 'INIT') {
      const faceOnly = row.flowType === 'FACE_ONLY';
      if (row.faceScore === null || (!faceOnly && !row.docImage))
        throw new SimulatorRefusal(
          'INVALID_ARGUMENT',
          faceOnly ? 'The face photo is missing.' : 'The document and the face photos are required.',
        );
      const decision: Decision = faceOnly
        ? row.faceScore >= FACE_PASS_SCORE
          ? { ekycResult: 'Success', flags: [], faceScore: row.faceScore }
          : { ekycResult: 'Failure', rejectReason: 'face_mismatch', flags: ['FACE_MISMATCH'], faceScore: row.faceScore }
        : decide(String(confirmed.idNo ?? ''), row.faceScore, await this.defaultOutcome());
      const state = decision.ekycResult === 'Success' ? 'SUCCESS' : decision.ekycResult === 'Failure' ? 'FAILURE' : 'PENDING';
      // Only the first checkresult decides, even when two arrive at once.
      const [updated] = await this.db
        .update(kycSimTransactions)
        .set({ state, confirmed, decision: { ...decision }, decidedAt: new Date(now) })
        .where(and(eq(kycSimTransactions.transactionId, transactionId), eq(kycSimTransactions.state, 'INIT')))
        .returning();
      row = updated ?? (await this.find(transactionId))!;
    }
    return answerOf(row);
  }

  // --- The review back office ------------------------------------------------------------------------------

  /** Transactions waiting for a reviewer, oldest first. */
  queue(limit = 50): Promise<SimTransaction[]> {
    return this.db
      .select()
      .from(kycSimTransactions)
      .where(eq(kycSimTransactions.state, 'PENDING'))
      .orderBy(asc(kycSimTransactions.createdAt))
      .limit(limit);
  }

  /** Approved transactions, newest first: a reviewer may re-check them (RED later). */
  approved(limit = 20): Promise<SimTransaction[]> {
    return this.db
      .select()
      .from(kycSimTransactions)
      .where(eq(kycSimTransactions.state, 'SUCCESS'))
      .orderBy(desc(kycSimTransactions.decidedAt))
      .limit(limit);
  }

  deliveries(limit = 20) {
    return this.db.select().from(kycSimWebhooks).orderBy(desc(kycSimWebhooks.createdAt), asc(kycSimWebhooks.id)).limit(limit);
  }

  /**
   * A reviewer's decision: GREEN or RED on a pending transaction, or RED on an approved one (a re-check).
   * It becomes the transaction's result and a review webhook queued for delivery.
   */
  async review(transactionId: string, decision: ReviewDecision, now: number): Promise<ReviewWebhookBody> {
    const labels = decision.answer === 'RED' ? (decision.labels?.length ? decision.labels : ['manual_rejection' as const]) : [];
    const rejectType = decision.answer === 'RED' ? (decision.rejectType ?? 'RETRY') : undefined;
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(kycSimTransactions).where(eq(kycSimTransactions.transactionId, transactionId)).for('update');
      if (!row) throw new SimulatorRefusal('TRANSACTION_NOT_FOUND', 'No such transaction.');
      const allowed = row.state === 'PENDING' || (row.state === 'SUCCESS' && decision.answer === 'RED');
      if (!allowed) throw new SimulatorRefusal('INVALID_ARGUMENT', `A ${row.state} transaction cannot be reviewed ${decision.answer}.`);
      // Events of one transaction are ordered by createdAtMs: a later decision is always later.
      const previous = Number((row.review as { createdAtMs?: number } | null)?.createdAtMs ?? 0);
      const createdAtMs = Math.max(now, previous + 1);
      const review = {
        answer: decision.answer,
        ...(rejectType ? { rejectType } : {}),
        labels,
        clientComment: decision.clientComment ?? '',
        moderationComment: decision.moderationComment ?? '',
        createdAtMs,
      };
      await tx
        .update(kycSimTransactions)
        .set({ state: decision.answer === 'GREEN' ? 'SUCCESS' : 'FAILURE', review, decidedAt: new Date(now) })
        .where(eq(kycSimTransactions.transactionId, transactionId));
      const body: ReviewWebhookBody = {
        type: 'applicantReviewed',
        correlationId: randomUUID(),
        applicantId: row.transactionId,
        inspectionId: createHash('sha256').update(row.transactionId).digest('hex').slice(0, 24),
        externalUserId: row.bizId,
        levelName: 'basic-kyc-level',
        sandboxMode: true,
        reviewStatus: 'completed',
        createdAtMs: sumsubTime(createdAtMs),
        reviewResult: {
          reviewAnswer: decision.answer,
          ...(rejectType ? { reviewRejectType: rejectType, rejectLabels: labels.map((label) => REJECT_LABELS[label]) } : {}),
          ...(review.clientComment ? { clientComment: review.clientComment } : {}),
          ...(review.moderationComment ? { moderationComment: review.moderationComment } : {}),
        },
      };
      const raw = JSON.stringify(body);
      const { copies, spreadMs } = this.options.delivery ?? DEFAULT_WEBHOOK_DELIVERY;
      for (let copy = 0; copy < Math.max(1, copies); copy++) {
        const id = `${body.correlationId}#${copy}`;
        // Spread by the id's hash, not a random state: the same after a restart.
        const spread = copies > 1 ? Math.floor((createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32) * spreadMs) : 0;
        await tx.insert(kycSimWebhooks).values({
          id,
          eventId: body.correlationId,
          transactionId,
          body: raw,
          dueAt: new Date(now + (copy === 0 ? 0 : spread)),
          createdAt: new Date(now),
        });
      }
      return body;
    });
  }

  // --- The job --------------------------------------------------------------------------------------------

  /** Expires what is due and sends the due webhooks; answers what it did. */
  async tick(now: number): Promise<{ expired: number; delivered: number }> {
    const expired = await this.db
      .update(kycSimTransactions)
      .set({ state: 'EXPIRED' })
      .where(and(eq(kycSimTransactions.state, 'INIT'), lt(kycSimTransactions.expiresAt, new Date(now))))
      .returning({ id: kycSimTransactions.transactionId });
    return { expired: expired.length, delivered: await this.deliverDue(now) };
  }

  /** Sends every copy due at `now`; one not answered 2xx is retried after 5 min, 1 h, 5 h and 18 h. */
  async deliverDue(now: number, limit = 100): Promise<number> {
    const due = await this.db
      .select()
      .from(kycSimWebhooks)
      .where(and(isNotNull(kycSimWebhooks.dueAt), lte(kycSimWebhooks.dueAt, new Date(now))))
      .orderBy(asc(kycSimWebhooks.dueAt))
      .limit(limit);
    let delivered = 0;
    for (const webhook of due) {
      const headers = {
        'content-type': 'application/json',
        'x-payload-digest': payloadDigest(this.options.webhookSecret, webhook.body),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      };
      const answer = await this.options.send(headers, webhook.body).catch(() => 0);
      const ok = answer >= 200 && answer < 300;
      const attempts = webhook.attempts + 1;
      const retry = WEBHOOK_RETRY_MS[attempts - 1];
      if (ok) delivered++;
      await this.db
        .update(kycSimWebhooks)
        .set({
          attempts,
          lastAnswer: answer,
          state: ok ? 'delivered' : retry === undefined ? 'gave-up' : 'waiting',
          dueAt: ok || retry === undefined ? null : new Date(now + retry),
        })
        .where(eq(kycSimWebhooks.id, webhook.id));
    }
    return delivered;
  }

  /** The vendor's copy of an image, for the back office only. */
  async image(transactionId: string, kind: 'document' | 'face'): Promise<Buffer | undefined> {
    const row = await this.find(transactionId);
    return (kind === 'document' ? row?.docImage : row?.faceImage) ?? undefined;
  }

  /** Rows by id (the back office's links). */
  async findMany(ids: string[]): Promise<SimTransaction[]> {
    return ids.length ? this.db.select().from(kycSimTransactions).where(inArray(kycSimTransactions.transactionId, ids)) : [];
  }
}

/** checkresult's answer from a transaction as it stands (its decision, overridden by a later review). */
export function answerOf(row: SimTransaction): CheckResultAnswer {
  const document = documentOfCode(row.docCode)!;
  const decision = (row.decision ?? { ekycResult: 'Pending', flags: [], faceScore: row.faceScore ?? 0 }) as unknown as Decision;
  const review = row.review as { answer: 'GREEN' | 'RED'; labels: KycRejectReason[]; rejectType?: KycRejectType } | null;
  const ocr = { ...EMPTY_OCR, ...(row.ocr ?? {}) } as OcrFields;
  if (review)
    return {
      ekycResult: review.answer === 'GREEN' ? 'Success' : 'Failure',
      ...(review.answer === 'RED'
        ? { rejectReason: review.labels[0] ?? 'manual_rejection', reviewRejectType: review.rejectType ?? 'RETRY' }
        : {}),
      flags: decision.flags,
      faceScore: decision.faceScore,
      document,
      ocr,
    };
  return {
    ekycResult: decision.ekycResult,
    ...(decision.rejectReason ? { rejectReason: decision.rejectReason } : {}),
    flags: decision.flags,
    faceScore: decision.faceScore,
    document,
    ocr,
  };
}
