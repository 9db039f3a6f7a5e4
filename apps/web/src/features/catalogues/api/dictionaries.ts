import type { CreateDictionaryBody, Dictionary, UpdateDictionaryBody } from '@ks/contract/catalogues';
import { makeCatalogueApi } from './make-catalogue-api.ts';

/** GET/POST/PUT/DELETE /ks/base/dictionary/config/dics: dictionaries (字典). */
export const dictionariesApi = makeCatalogueApi<Dictionary, CreateDictionaryBody, UpdateDictionaryBody>(
  '/ks/base/dictionary/config/dics',
  'dictionaries',
);
