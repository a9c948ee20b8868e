export type { CoupCompleted, WagersSettled } from '@app/contracts';
export interface NewEventLike {
  readonly type: string;
  readonly data: Record<string, unknown>;
}
