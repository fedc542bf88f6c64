/**
 * Control characters no text we accept carries: C0 but tab, line feed and carriage return, DEL and C1.
 * NUL is what PostgreSQL refuses outright ('invalid byte sequence for encoding UTF8: 0x00'); none has a
 * place in a name, a code, an address, a message or a provider's id either.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/**
 * Where the first text in a value (a string anywhere in it, or a field's name) holds a control
 * character, as a path (`items.0.name`; '' for the value itself); undefined when none does.
 */
export function controlCharacterAt(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key.replace(CONTROLS, '\uFFFD')];
    if (CONTROL.test(key)) return at.join('.');
    const found = controlCharacterAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A received text as a PostgreSQL text column can keep it: each NUL written as the escape `\u0000`. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\\u0000');
}
