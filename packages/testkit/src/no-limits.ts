import type { ActionLimits } from '@kanak/core';

/** For tests that call a core use case directly and are not about its limit. */
export const NO_LIMITS: ActionLimits = { consume: async () => undefined };
