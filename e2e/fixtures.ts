/**
 * Every browser test runs under the store's Content-Security-Policy watch (issue 12, item 5): anything the policy
 * blocks on a page of the store (a script, a style, an image, a tile, a frame, a form target) fails the test that
 * caused it, at its end, with what was blocked and where. Specs import `test` and `expect` from here.
 *
 * Two witnesses, because neither sees everything: the page's `securitypolicyviolation` events (with the directive
 * and the blocked address), and Chromium's console lines about the policy (also for what happens before a page's
 * scripts run). Pages of other sites (an embedded video player) are theirs to police, not ours.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';
export { expect };

interface Violation {
  directive: string;
  blocked: string;
  page: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __storeCspViolation?: (v: Violation) => void;
  }
}

const CSP_CONSOLE = /Content[ -]Security[ -]Policy/i;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/**
 * A server-rendered page shows before its scripts have run; a shopper's first tap comes after hydration, and so
 * does a test's: after each navigation the page is waited for until hydrated (`<html data-hydrated>`, main.tsx).
 */
function waitForHydration(page: Page) {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...a: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page
        .waitForFunction(
          () => {
            const html = document.documentElement;
            return !html.hasAttribute('data-ssr') || html.hasAttribute('data-hydrated');
          },
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      return response;
    };
  }
}

/**
 * A page's parts below its first screen are drawn only near the screen (theme.css, .below-fold): a screenshot of
 * the whole page draws them all first (as a shopper scrolling down would see them), instead of their empty places.
 */
function wholePageScreenshots(page: Page) {
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (options) => {
    if (!options?.fullPage) return screenshot(options);
    const drawAll = (on: boolean) =>
      page
        .evaluate(async (on) => {
          document.documentElement.toggleAttribute('data-drawing-all', on);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }, on)
        .catch(() => undefined);
    await drawAll(true);
    try {
      return await screenshot(options);
    } finally {
      await drawAll(false);
    }
  };
}

/** Starts collecting the violations on every page of this browser context into `found`. */
async function watch(context: BrowserContext, found: string[], store: string) {
  for (const page of context.pages()) {
    waitForHydration(page);
    wholePageScreenshots(page);
  }
  context.on('page', (page) => {
    waitForHydration(page);
    wholePageScreenshots(page);
  });
  const ours = (url: string) => !url || originOf(url) === store || url.startsWith('about:');
  await context.exposeBinding('__storeCspViolation', (_source, v: Violation) => {
    if (!ours(v.page)) return;
    found.push(
      `${v.directive} blocked ${v.blocked || '(inline)'} on ${v.page}` +
        (v.source ? ` (${v.source})` : '') +
        (v.sample ? `: ${v.sample}` : ''),
    );
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__storeCspViolation?.({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        page: e.documentURI,
        source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : '',
        sample: e.sample,
      });
    });
  });
  context.on('console', (msg) => {
    if (CSP_CONSOLE.test(msg.text()) && ours(msg.location().url)) found.push(`console: ${msg.text()}`);
  });
}

export const test = base.extend<{ cspViolations: string[] }>({
  /** What the policy blocked during this test; it must stay empty. Covers contexts the test opens itself too. */
  cspViolations: [
    async ({ context, browser, baseURL }, use, testInfo) => {
      const found: string[] = [];
      const store = originOf(baseURL ?? '');
      await watch(context, found, store);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const other = await newContext(...args);
        await watch(other, found, store);
        return other;
      };
      try {
        await use(found);
      } finally {
        browser.newContext = newContext;
      }
      if (found.length) await testInfo.attach('csp-violations', { body: found.join('\n') });
      expect(found, 'the Content-Security-Policy blocked something the store needs').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Opens the store in a language, set the way the app keeps it (before its first paint), once per test: a later
 * switch in the page is not undone by a reload.
 */
export async function inLocale(page: import('@playwright/test').Page, locale: 'ar' | 'en') {
  // The store keeps the choice in the browser and mirrors it in a cookie, so the server renders pages in it.
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await page.context().addCookies([{ name: 'store-locale', value: locale, url: origin }]);
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: l }, version: 0 }));
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  }, locale);
}

/** The payment session this browser remembers (the payment store's `payment`, under `store-payment`), or null. */
export const storedPayment = (page: import('@playwright/test').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('store-payment') ?? '{}').state?.payment ?? null);
