import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withApiError, type ApiError } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import { billingApi, billingKeys, type PlanCode } from './api';

export function useProcessor() {
  const query = useQuery({ queryKey: billingKeys.processor, queryFn: billingApi.processor });
  const processor = query.data;
  /** Payments can be taken: the local test processor, or Stripe with its webhook secret. */
  const canPay =
    processor?.mode === 'local' || (processor?.mode === 'stripe' && processor.configured);
  /** Nothing takes payments here: no processor, or Stripe without its webhook secret. */
  const unavailable = processor !== undefined && !canPay;
  return { ...query, canPay, unavailable };
}

export function usePlans() {
  return useQuery({ queryKey: billingKeys.plans, queryFn: billingApi.plans });
}

/** A plan's name in the reader's language, by its code. */
export function usePlanName() {
  const { t } = useTranslation();
  return useCallback((code: PlanCode) => t(`billing:plans.names.${code}`), [t]);
}

export function useOwnedWorkspaces() {
  return useQuery({ queryKey: billingKeys.owned, queryFn: billingApi.ownedWorkspaces });
}

export function useActivePackage(workspaceId: number | undefined) {
  return useQuery({
    queryKey: billingKeys.activePackage(workspaceId ?? 0),
    queryFn: () => billingApi.activePackage(workspaceId!),
    enabled: workspaceId !== undefined,
  });
}

export function useDriveCapacity() {
  return useQuery({ queryKey: billingKeys.drive, queryFn: billingApi.driveCapacity });
}

/** One workspace's invoices, newest first, page after page. */
export function useInvoices(workspaceId: number) {
  const query = useInfiniteQuery({
    queryKey: billingKeys.invoices(workspaceId),
    queryFn: ({ pageParam }) => billingApi.invoices(workspaceId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page * last.meta.per_page < last.meta.total ? last.meta.page + 1 : undefined,
  });
  const invoices = query.data?.pages.flatMap((page) => page.data) ?? [];
  return { ...query, invoices };
}

export function useBillingRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    [queryClient],
  );
}

/** A mutation that sends the browser to the address `leaveFor` gets for an id (the page is left). */
function useLeavePage(leaveFor: (id: number) => Promise<string>) {
  return useMutation<void, ApiError, number>({
    mutationFn: (id) =>
      withApiError(async () => {
        window.location.assign(await leaveFor(id));
        // The page is on its way out: stay pending rather than flash the button back.
        await new Promise(() => undefined);
      }),
  });
}

/** Sends the browser to the processor's card page for an invoice (the page is left). */
export function usePay() {
  return useLeavePage(async (invoiceId) => (await billingApi.pay(invoiceId)).redirect_url);
}

/** Sends the browser to Stripe's customer portal for a workspace (the page is left). */
export function useBillingPortal() {
  return useLeavePage(async (workspaceId) => (await billingApi.billingPortal(workspaceId)).url);
}

type UpgradeResult = Awaited<ReturnType<typeof billingApi.upgrade>>;

/** Asks for an upgrade: the server makes the prorated invoice (or returns the waiting one). */
export function useUpgrade(workspaceId: number) {
  const refresh = useBillingRefresh();
  return useMutation<UpgradeResult, ApiError, Exclude<PlanCode, 'free'>>({
    mutationFn: (plan) => withApiError(() => billingApi.upgrade(workspaceId, plan)),
    onSuccess: () => void refresh(),
  });
}

/** Saves an invoice's PDF under the name the server gives it. */
export function useInvoicePdf() {
  return useMutation<void, ApiError, { id: number; number: string }>({
    mutationFn: ({ id, number }) =>
      withApiError(async () => {
        const file = await billingApi.pdf(id);
        saveFile(file.blob, file.filename ?? `${number}.pdf`);
      }),
  });
}
