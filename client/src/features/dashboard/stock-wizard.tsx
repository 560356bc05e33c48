/**
 * Receive, Return, Assign and Unassign Materials as step-by-step dialogs (spec 01 §2, §5, §8).
 * Each Next checks its step; the last step shows what will be sent. The answer is announced with
 * the spec's toasts, including the notice when a receive re-opened a waiting request.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { InventoryRow, StockAnswer } from '../../api/material-types.ts';
import { useGetAssigneesQuery, useGetCatalogQuery, useGetMaxAssignableQuery } from '../../api/materials-api.ts';
import { useAssignMaterialMutation, useReceiveMaterialMutation, useReturnMaterialMutation } from '../../api/stock-api.ts';
import { personName } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import { savedOnDevice } from '../../offline/saved-notice.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { useWizard, WizardFooter, WizardSteps } from '../../components/wizard.tsx';
import { useGetAssignableUsersQuery, useGetProjectSettingsQuery } from '../../api/projects-api.ts';
import {
  ACTION_VERBS,
  EMPTY_WIZARD,
  lengthErrors,
  STEP_LABELS,
  stepErrors,
  wizardRequest,
  wizardSteps,
  type StockAction,
  type WizardErrors,
  type WizardValues,
} from './wizard-rules.ts';
import { FAILURE_FALLBACK, REOPENED_DURATION_MS, REOPENED_MESSAGE, successMessage } from './stock-toasts.ts';
import { ConfirmStep, summaryLines } from './wizard-confirm.tsx';
import { BinStep, ModeStep, PartStep, ReceiveDetailsStep, UserStep, type UserChoice } from './wizard-steps.tsx';

interface StockWizardProps {
  projectId: string;
  action: StockAction;
  rows: readonly InventoryRow[];
  onClose: () => void;
}

export function StockWizard(props: StockWizardProps) {
  return (
    <AppModal opened onClose={props.onClose} title={`${ACTION_VERBS[props.action]} Materials`} size="lg">
      <WizardBody {...props} />
    </AppModal>
  );
}

/** The users offered on the user step, and the most the chosen one can be given or give back. */
function useUserStep(projectId: string, action: StockAction, partNumber: string | null, userId: string | null) {
  const members = useGetAssignableUsersQuery(action === 'assign' ? projectId : skipToken);
  const holders = useGetAssigneesQuery(action === 'unassign' && partNumber ? { projectId, number: partNumber } : skipToken);
  const limits = useGetMaxAssignableQuery(
    (action === 'assign' || action === 'unassign') && partNumber ? { projectId, number: partNumber, ...(userId ? { user: userId } : {}) } : skipToken,
  );
  const source = action === 'assign' ? members : holders;
  const users: UserChoice[] =
    action === 'assign'
      ? (members.data ?? []).map((m) => ({ value: m.uuid, label: `${personName(m)} (${m.user_email})`, name: personName(m) }))
      : (holders.data ?? []).map((h) => ({ value: h.uuid, label: `${personName(h)} (${h.quantity} assigned)`, name: personName(h) }));
  const state: 'loading' | 'failed' | 'ready' = source.isError ? 'failed' : source.isSuccess ? 'ready' : 'loading';
  const limit = !limits.data ? null : action === 'assign' ? limits.data.max : userId ? limits.data.assigned : null;
  const limitText = limit === null ? undefined : action === 'assign' ? `Up to ${limit} can be assigned (on hand)` : `This user has ${limit} assigned`;
  return { users, state, limit, limitText };
}

function WizardBody({ projectId, action, rows, onClose }: StockWizardProps) {
  const settings = useGetProjectSettingsQuery(action === 'return' ? projectId : skipToken);
  const catalog = useGetCatalogQuery(action === 'receive' ? undefined : skipToken);
  const { values, set, errors, active, setActive, next } = useWizard<WizardValues, WizardErrors>(EMPTY_WIZARD);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const [receive, receiving] = useReceiveMaterialMutation();
  const [giveBack, returning] = useReturnMaterialMutation();
  const [assign, assigning] = useAssignMaterialMutation();
  const busy = receiving.isLoading || returning.isLoading || assigning.isLoading;

  const managingLogistics = settings.data?.managing_logistics ?? false;
  const steps = wizardSteps(action, managingLogistics);
  const step = steps[active] ?? 'confirm';
  const number = values.partNumber.trim();
  const projectPart = rows.find((r) => r.PartNumber === number);
  const catalogPart = catalog.data?.find((p) => p.part_number === number);
  const user = useUserStep(projectId, action, projectPart ? number : null, values.userId);
  const context = {
    catalogPart: (n: string) => catalog.data?.find((p) => p.part_number === n),
    projectPart: (n: string) => rows.find((r) => r.PartNumber === n),
    limit: user.limit,
  };
  const userName = user.users.find((u) => u.value === values.userId)?.name;

  const submit = async () => {
    const request = wizardRequest(action, values);
    const key = idempotency.keyFor({ ...request, projectId });
    let result: { data?: StockAnswer; error?: Parameters<typeof messageOr>[0] };
    if (request.action === 'receive') {
      const { action: _receive, ...body } = request;
      result = await receive({ ...body, project_id: projectId, idempotencyKey: key });
    } else if (request.action === 'return') {
      const { action: _return, ...body } = request;
      result = await giveBack({ ...body, project_id: projectId, idempotencyKey: key });
    } else {
      result = await assign({ ...request, project_id: projectId, idempotencyKey: key });
    }
    idempotency.settle(result.error);
    // Kept on this device while offline: there is no server answer (no item, no reopened count) yet.
    if (savedOnDevice(result.data)) {
      onClose();
      return;
    }
    if (result.error || !result.data) {
      const message = messageOr(result.error, FAILURE_FALLBACK[action]);
      // Said once, in the dialog, where it stays until the next try.
      setFailure(message);
      return;
    }
    toast.success(successMessage(action, request.quantity, request.part_number, userName ?? ''));
    if (result.data.reopenedCount > 0) toast.info(REOPENED_MESSAGE, { duration: REOPENED_DURATION_MS });
    onClose();
  };

  if ((action === 'return' && settings.isLoading) || (action === 'receive' && catalog.isLoading)) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }

  // Too-long texts are said while typing; everything else when Next is pressed.
  const stepProps = { values, set, errors: { ...lengthErrors(values), ...errors } };
  return (
    <Stack gap="md">
      <WizardSteps steps={steps} labels={STEP_LABELS} active={active} onBack={setActive} />
      {step === 'confirm' && <FailureAlert failure={failure} />}
      {step === 'mode' && <ModeStep {...stepProps} />}
      {step === 'details' && <ReceiveDetailsStep {...stepProps} catalog={catalog.data ?? []} />}
      {step === 'part' && <PartStep {...stepProps} action={action} rows={rows} />}
      {step === 'user' && <UserStep {...stepProps} action={action} users={user.users} usersState={user.state} limitText={user.limitText} />}
      {step === 'bin' && <BinStep {...stepProps} />}
      {step === 'confirm' && <ConfirmStep lines={summaryLines(action, values, projectPart?.PartName ?? catalogPart?.part_name, userName, managingLogistics)} />}
      <WizardFooter
        back={active > 0}
        onBack={active === 0 ? onClose : () => setActive(active - 1)}
        last={step === 'confirm'}
        action={ACTION_VERBS[action]}
        onSubmit={() => void submit()}
        onNext={() => next(stepErrors(action, step, values, context))}
        busy={busy}
      />
    </Stack>
  );
}
