import type { CreateValueRangeBody, UpdateValueRangeBody, ValueRange } from '@ks/contract/catalogues';
import { makeCatalogueApi } from './make-catalogue-api.ts';

/** GET/POST/PUT/DELETE /ks/node/field/value-ranges: value ranges (值域, option trees). */
export const valueRangesApi = makeCatalogueApi<ValueRange, CreateValueRangeBody, UpdateValueRangeBody>(
  '/ks/node/field/value-ranges',
  'value-ranges',
);
