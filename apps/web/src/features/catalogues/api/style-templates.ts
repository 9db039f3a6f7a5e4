import type {
  CreateStyleTemplateBody,
  StyleTemplate,
  UpdateStyleTemplateBody,
} from '@ks/contract/catalogues';
import { makeCatalogueApi } from './make-catalogue-api.ts';

/** GET/POST/PUT/DELETE /ks/config/style-templates: named card styles (/system/styleTemplate). */
export const styleTemplatesApi = makeCatalogueApi<
  StyleTemplate,
  CreateStyleTemplateBody,
  UpdateStyleTemplateBody
>('/ks/config/style-templates', 'style-templates');
