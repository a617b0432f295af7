// stylis 4 ships no types; only what the RTL Emotion cache uses is declared.
declare module 'stylis' {
  export interface Element {
    type: string;
    value: string;
    props: string[] | string;
    children: Element[] | string;
    return: string;
    length: number;
    [key: string]: unknown;
  }
  export type Middleware = (element: Element, index: number, children: Element[], callback: Middleware) => string | void;
  export const prefixer: Middleware;
}
