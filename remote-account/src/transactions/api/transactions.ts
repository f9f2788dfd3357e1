import { TRANSACTIONS_PAGE_SIZE, type ApiClient, type CreditTransaction, type CreditTransactionType, type ListResponse } from 'shared-contracts';

export function fetchTransactions(api: ApiClient, type: CreditTransactionType, page: number): Promise<ListResponse<CreditTransaction>> {
  return api.call('GET /v1/credits/transactions', { query: { type, page, page_size: TRANSACTIONS_PAGE_SIZE } });
}
