/** The part of saxen (a small SAX XML parser, MIT) that lib/svg-drawing.ts uses: proxy mode, namespaces on. */
declare module 'saxen' {
  export interface ProxyElement {
    /** The name with its namespace's configured prefix (`svg:rect`), or `ns0:`… for an unknown namespace. */
    name: string;
    originalName: string;
    /** The attributes as written (entities not decoded), names with their configured prefix. */
    attrs: Record<string, string>;
  }
  type Decode = (s: string) => string;
  export class Parser {
    constructor(options?: { proxy?: boolean });
    ns(map?: Record<string, string>): this;
    on(event: 'openTag', fn: (el: ProxyElement, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'closeTag', fn: (el: ProxyElement, selfClosing: boolean) => void): this;
    on(event: 'text', fn: (value: string, decode: Decode) => void): this;
    on(event: 'cdata' | 'question' | 'comment', fn: (value: string) => void): this;
    on(event: 'attention', fn: (value: string) => void): this;
    on(event: 'error' | 'warn', fn: (err: Error) => void): this;
    parse(xml: string): Error | undefined;
  }
}
