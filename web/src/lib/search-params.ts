/** A query parameter as text: numbers become text, empty values are absent. */
export const searchText = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value.trim() === ''
      ? undefined
      : value
    : typeof value === 'number'
      ? String(value)
      : undefined;
