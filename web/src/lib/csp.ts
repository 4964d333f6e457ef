import { config as zodConfig } from 'zod';

/**
 * What the page's Content-Security-Policy needs of the browser side (server/src/platform/securityHeaders.ts:
 * scripts and `<style>` elements only from the app's files or with the page's nonce; no eval, no inline
 * styles). main.tsx runs this module before it loads the rest of the app.
 */

// Zod compiles object parsers with `new Function` when it may; the policy allows no eval, and even Zod's probe
// for it (a caught `new Function('')`) is reported as a violation. Parsers without eval, set before the first
// schema is built (schemas are built as their modules load).
zodConfig({ jitless: true });

const PLACEHOLDER = '__CSP_NONCE__';

function readNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the nonce attribute once parsed; the `nonce` property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // The Vite dev server sends the placeholder as it is (and no CSP).
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

/**
 * The nonce of this page: the server puts a fresh one into index.html's `<meta property="csp-nonce">` (Vite's
 * `html.cspNonce`) and into the page's CSP header. Ant Design's CSS-in-JS gets it through ConfigProvider's
 * `csp` (components/AntdRoot.tsx).
 */
export const cspNonce = readNonce();

if (cspNonce) {
  // Some libraries insert `<style>` elements with no way to pass a nonce (rc-component's scroll locker under
  // every modal and drawer, its scrollbar measurement): style elements created by scripts get the nonce as
  // they are created. Scripts gain nothing by it (script-src allows only the app's own files), and markup
  // injected as HTML (a `<style>` in a parsed string) still has no nonce and stays blocked.
  // Ant Design's icons include SVG `<style>` elements too (empty ones, still checked by the policy).
  const createElement = document.createElement;
  document.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = cspNonce;
    return element;
  } as typeof document.createElement;
  const createElementNS = document.createElementNS;
  document.createElementNS = function (
    this: Document,
    ...args: [string | null, string, ElementCreationOptions?]
  ) {
    const element = createElementNS.apply(this, args);
    if (element instanceof HTMLStyleElement || element instanceof SVGStyleElement) element.nonce = cspNonce;
    return element;
  } as typeof document.createElementNS;

  // A `style` attribute set with setAttribute counts as an inline style (style-src-attr) and is blocked, while
  // the same declarations through the CSSOM (`element.style`) are allowed: rc-component's textarea auto-size
  // sets its hidden measuring textarea's style that way. Scripts' style attributes go through the CSSOM.
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if ((this instanceof HTMLElement || this instanceof SVGElement) && name.toLowerCase() === 'style')
      this.style.cssText = String(value);
    else setAttribute.call(this, name, value);
  };
}
