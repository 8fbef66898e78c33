import { EXCHANGE_SLOT_WINDOWS, SLOT_WINDOW_LABELS } from '@kanak/shared';
import { NativeSelectOption } from '@/components/ui/native-select';

/** The pickup or visit time windows as options of a select, labelled as the shop says them. */
export function SlotWindowOptions() {
  return EXCHANGE_SLOT_WINDOWS.map((w) => (
    <NativeSelectOption key={w} value={w}>
      {SLOT_WINDOW_LABELS[w]}
    </NativeSelectOption>
  ));
}
