import type { PromotionSlotProps } from 'shared-contracts';
import { PromotionSlot } from '../promotion/components/promotion-slot';

export default function PromotionSlotExpose({ placement }: PromotionSlotProps) {
  return <PromotionSlot placement={placement} />;
}
