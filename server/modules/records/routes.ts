import type { FastifyInstance } from 'fastify';
import { billDetailAnswer, custBillAnswer, subListAnswer, withdrawalAnswer } from '../../../src/contract/answers/money';
import { MoneyBody, MoneyCall } from '../../../src/contract/money';
import type { WithdrawalService } from '../withdrawals';
import type { RecordService } from './service';

/** transactionRecord/* (spec §7): bills, a bill's detail, deposit and withdrawal records, a withdrawal's status. */
export async function recordRoutes(app: FastifyInstance, options: { service: RecordService; withdrawals: WithdrawalService }) {
  const { service, withdrawals } = options;

  app.call({
    prefix: 'main',
    name: MoneyCall.queryCustBill,
    auth: 'player',
    body: MoneyBody.queryCustBill,
    answer: custBillAnswer,
    handler: ({ body, customerId }) => service.bills(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.billDetail,
    auth: 'player',
    body: MoneyBody.billDetail,
    answer: billDetailAnswer,
    handler: ({ body, customerId }) => service.billDetail(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.querySubList,
    auth: 'player',
    body: MoneyBody.querySubList,
    answer: subListAnswer,
    handler: ({ body, customerId }) => service.subList(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.queryWithdrawalStatus,
    auth: 'player',
    body: MoneyBody.queryWithdrawalStatus,
    answer: withdrawalAnswer,
    handler: ({ body, customerId }) => withdrawals.status(customerId, body.orderNo),
  });
}
