/**
 * Products a home slider asks for, whatever the screen: one answer for every width (the server renders the page
 * without knowing it), of which the slider shows 4, 8 or 10 by the width (ProductRow's `slider`).
 */
export const SLIDER_FETCH = 10;
