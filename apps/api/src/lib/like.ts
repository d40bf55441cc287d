/** A text for SQL `like`, its wildcards (`%`, `_`) and the escape character itself taken literally. */
export const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');
