import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:4300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = (process.env.PAGES ?? '/,/products,/products?category_id=2,/products/1,/products?keywords=شاشة,/special-offers,/about-us,/returns-policy,/products/1?lang=en,/nope').split(',');
for (const p of pages) {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await ctx.newPage();
  const msgs = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') msgs.push(m.type() + ': ' + m.text().slice(0, 300)); });
  page.on('pageerror', (e) => msgs.push('pageerror: ' + e.message.slice(0, 300)));
  const reqs = [];
  page.on('request', (r) => { if (r.url().includes('/v1/')) reqs.push(r.url().replace(base, '')); });
  await page.goto(base + p, { waitUntil: 'networkidle' });
  const h1 = await page.locator('h1').first().textContent().catch(() => null);
  console.log(p, '| h1:', h1?.slice(0, 50), '| api calls:', reqs.length, reqs.slice(0, 4).join(' '), '\n   ', msgs.join('\n    ') || 'no console errors');
  await ctx.close();
}
await browser.close();
