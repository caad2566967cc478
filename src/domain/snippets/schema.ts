// The snippet form's rules: a name (2-100), a language the table allows, an optional category and
// a body whose variables are all well formed and known ('Body has invalid variable').
import * as yup from 'yup';
import { formMessage } from '../../lib/i18n/formMessage';
import { validateSnippetBody } from './render';

/** The languages snippets_language_check allows. */
export const SNIPPET_LANGUAGES = ['en', 'hu', 'de', 'fr', 'es', 'it'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

const required = formMessage('snippets:validation.required');

export const snippetSchema = yup.object({
  name: yup.string().trim().required(required).min(2, formMessage('snippets:validation.nameMin')).max(100, formMessage('snippets:validation.maxChars', { count: 100 })),
  language: yup.string().oneOf(SNIPPET_LANGUAGES, required).required(required),
  category: yup.string().trim().max(50, formMessage('snippets:validation.maxChars', { count: 50 })).default(''),
  body: yup
    .string()
    .trim()
    .required(required)
    .max(5000, formMessage('snippets:validation.maxChars', { count: 5000 }))
    .test('variables', (value, ctx) => {
      const error = validateSnippetBody(value ?? '');
      return error ? ctx.createError({ message: error }) : true;
    }),
});

export type SnippetValues = yup.InferType<typeof snippetSchema>;
