/** Text made safe inside HTML or XML, in element content and in quoted attributes. */
export const escapeMarkup = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
