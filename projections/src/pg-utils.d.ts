// node-pg's conversion of a JavaScript value into a parameter's text (arrays into array literals,
// dates with their offset, objects as JSON), which @types/pg does not declare.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
