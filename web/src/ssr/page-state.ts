/** The id of the element that carries the server's query cache into the page (JSON, never run). */
export const STATE_ELEMENT_ID = 'kanak-state';

/** The document title every page starts with (index.html); a product or policy page sets its own. */
export const DEFAULT_TITLE = 'Kanak Jewellers | Gold, Diamond & Silver Jewellery Online';
