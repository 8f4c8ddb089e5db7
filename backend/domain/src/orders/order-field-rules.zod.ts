import { z } from 'zod';
import {
  type FieldRule,
  type RuleMode,
  breaksFormat,
  formatMessage,
  hostingFieldRules,
  isBlank,
  orderFieldRules,
  ruleIn,
  shapeMessages,
} from './order-field-rules.js';

/** One field's zod schema, as the rule table declares it for `mode`. */
export function fieldSchema(declared: FieldRule, mode: RuleMode): z.ZodType {
  const rule = ruleIn(declared, mode);
  const missing = (fallback: string) => (issue: { input?: unknown }) =>
    issue.input == null && rule.required ? rule.required : fallback;

  if (rule.kind === 'choice') {
    const schema = z.enum(rule.values as [string, ...string[]], {
      error: missing(shapeMessages.choice(rule.values)),
    });
    return rule.required ? schema : schema.optional();
  }

  let schema = z.string({ error: missing(shapeMessages.text) }).max(rule.maxLength, {
    error: shapeMessages.tooLong(rule.maxLength),
  });
  if (rule.required) {
    const message = rule.required;
    schema = schema.refine((value) => !isBlank(value), { error: message });
  }
  const format = rule.format;
  if (format) {
    schema = schema.refine((value) => !breaksFormat(format, value), {
      error: (issue) => formatMessage(format, String(issue.input)),
    });
  }
  return rule.required ? schema : schema.optional();
}

const objectOf = (rules: Record<string, FieldRule>, mode: RuleMode) =>
  z.object(Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldSchema(rule, mode)])));

/**
 * The wizard's fields as one zod object (other keys pass through untouched: the option flags and
 * the chosen domain are not rules of the table).
 */
export function orderFieldsSchema(mode: RuleMode) {
  return objectOf(orderFieldRules, mode).extend({
    hostingOptions: objectOf(hostingFieldRules, mode).optional(),
  });
}

const schemas = { draft: orderFieldsSchema('draft'), completion: orderFieldsSchema('completion') };

/** One French message per faulty field, keyed by its path ("hostingOptions.dnsType"): the first rule it breaks. */
export function fieldProblems(form: unknown, mode: RuleMode): Record<string, string> {
  const result = schemas[mode].safeParse(form);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues)
    problems[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return problems;
}
