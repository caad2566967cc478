// The journey contracts' plain values (choices and limits), without Yup: the guest cards render
// their options from these on the first screen and load the contracts only to validate and send.
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'other'] as const;
export const GENDERS = ['female', 'male', 'other'] as const;
export const PAYMENTS = ['cash', 'card', 'transfer'] as const;
export const ADVENTURE_TYPES = ['danube-cruise', 'thermal-bath', 'cave-tour', 'wine-tasting', 'city-bike', 'other'] as const;
export const SCAN_MAX_BYTES = 5 * 1024 * 1024;
